"""Worker processes that do not outlive their parent.

Kept apart from ``service.api``: a spawned worker imports the module of its
initializer, and importing ``service.api`` builds the whole application.
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["exit_with_parent", "start_scenario_worker"]


def exit_with_parent(parent_pid: int, poll_s: float = 1.0) -> None:
    """In a worker: exit when the server process is gone (killed, even by SIGKILL).

    A pool's workers otherwise outlive a killed server, reparented to init,
    holding memory and the multiprocessing resource tracker. Polling the parent
    pid works for every way the server can die, unlike PR_SET_PDEATHSIG, which
    fires when the *thread* that started the worker ends.
    """

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(poll_s)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def start_scenario_worker(parent_pid: int) -> None:
    """A scenario worker's start: exit with the server, and import every engine first.

    A run's time budget starts inside the job; without this, a fresh worker's
    first run also paid for importing the engines, which on a loaded machine
    took seconds and turned a valid scenario into a 413.
    """
    exit_with_parent(parent_pid)
    from engine.core.registry import available_games  # the engines only, not service.api

    available_games()
