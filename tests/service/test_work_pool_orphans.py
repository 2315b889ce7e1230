"""A killed server takes its scenario workers with it (they used to be left running, parented to init)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SERVER_STAND_IN = """
import asyncio, os, sys, time
from service.api.work_pool import WorkPool
pool = WorkPool(workers=1, queue_limit=0, retry_after_s=1)
print(asyncio.run(pool.run(os.getpid)), flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}/stat").exists() else "X"
    return state not in ("Z", "X")


def test_workers_exit_when_the_server_is_killed() -> None:
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    server = subprocess.Popen([sys.executable, "-c", SERVER_STAND_IN], stdout=subprocess.PIPE, text=True, env=env)
    try:
        worker_pid = int(server.stdout.readline())
        assert worker_pid != server.pid and _alive(worker_pid)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        deadline = time.monotonic() + 30
        while _alive(worker_pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(worker_pid), "the scenario worker outlived the killed server"
    finally:
        server.kill()


def loaded_engine_packages() -> list[str]:
    """In a worker: the engine packages already imported when a job starts."""
    return sorted(name for name in sys.modules if name.startswith("engine.") and name.count(".") == 1)


def test_a_fresh_worker_has_imported_every_engine_before_its_first_job() -> None:
    """A run's time budget starts in the job: a cold worker's imports must not count against it."""
    import asyncio

    from engine.core.registry import available_games
    from service.api.work_pool import WorkPool

    pool = WorkPool(workers=1, queue_limit=0, retry_after_s=1)
    try:
        loaded = asyncio.run(pool.run(loaded_engine_packages))
    finally:
        pool.shutdown()
    expected = {game_class.__module__.split(".")[1] for game_class in available_games().values()}
    assert expected and expected <= {name.split(".")[1] for name in loaded}
