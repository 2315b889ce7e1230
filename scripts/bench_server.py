"""A real ``arbitre serve`` for the benches: started on a free loopback port, ready on every worker, measured.

``scripts/bench.py``, ``scripts/bench_workers.py`` and ``scripts/bench_compare.py``
serve through the product's own command (httptools parser, read deadline,
keep-alive, malloc arenas, ``--workers``), so what they measure is what
``arbitre serve`` runs.

Usage::

    with served(env, workers=2) as server:
        drive("127.0.0.1", server.port, requests, 8, 20.0, server_pids=server.pids())
        print(server.memory_mib())
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]

__all__ = ["Served", "children", "free_port", "memory_mib", "served", "wait_ready", "wait_ready_all"]


@dataclass(frozen=True)
class Served:
    """A running server: its port, supervisor process, worker count and seconds until every worker was ready."""

    port: int
    process: subprocess.Popen
    workers: int
    ready_s: float

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def pids(self) -> list[int]:
        """The supervisor and every process under it (the workers): whose CPU a request costs."""
        return [self.process.pid, *(int(pid) for pid in children(self.process.pid))]

    def memory_mib(self) -> dict:
        return memory_mib(self.process.pid)

    def connections(self) -> tuple[int, ...]:
        """The established connections each worker holds on the server's port, most first (0 for a worker
        with none): the processes holding the listening socket, less the supervisor when it only hands it on."""
        listening, established = _sockets_on(self.port)
        holders = {pid: sockets for pid in self.pids() if (sockets := _socket_inodes(pid)) & listening}
        if len(holders) > 1:
            holders.pop(self.process.pid, None)
        return tuple(sorted((len(sockets & established) for sockets in holders.values()), reverse=True))


@contextmanager
def served(env: dict[str, str], workers: int = 1, cwd: Path = ROOT, log: Path | None = None,
           ready_timeout_s: float = 600.0) -> Iterator[Served]:
    """``arbitre serve --workers N`` from the tree ``cwd`` with ``env``, stopped on exit.

    Args:
        log: a file for the server's output (its JSON logs: writing them is part of a request's
            cost); None sends it to this process's stderr.
    """
    port = free_port()
    output = open(log, "ab") if log else None  # noqa: SIM115 - closed below, after the server stops
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", str(workers),
         "--log-level", "warning"], cwd=cwd, env=env, start_new_session=True, stdout=output, stderr=output,
    )
    try:
        ready_s = wait_ready_all(f"http://127.0.0.1:{port}", process, workers, ready_timeout_s)
        yield Served(port, process, workers, ready_s)
    finally:
        process.terminate()
        process.wait(timeout=60)
        if output:
            output.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_ready(base: str, server: subprocess.Popen, timeout_s: float = 120.0) -> float:
    """Seconds until ``/readyz`` answered 200 once."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout_s:
        if server.poll() is not None:
            raise RuntimeError(f"server exited with {server.returncode} before it was ready")
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return round(time.perf_counter() - started, 2)
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server not ready after {timeout_s} s")


def wait_ready_all(base: str, server: subprocess.Popen, workers: int, timeout_s: float = 600.0) -> float:
    """Seconds until ``/readyz`` answered 200 on as many connections as there are workers, in a row."""
    started = time.perf_counter()
    wait_ready(base, server, timeout_s)
    streak = 0
    while streak < 4 * workers:
        with httpx.Client(base_url=base, timeout=10) as client:  # a new connection may reach another worker
            streak = streak + 1 if client.get("/readyz").status_code == 200 else 0
        time.sleep(0.05)
    return round(time.perf_counter() - started, 2)


def memory_mib(pid: int) -> dict:
    """RSS and PSS (MiB) summed over ``pid`` and its children, and the peak RSS of the largest process.

    PSS splits the memory-mapped index and the shared libraries between the processes that
    map them, so it is the fair total for several workers; RSS counts them once per process.
    """
    pids = [pid] + [int(child) for child in children(pid)]
    totals = {"rss": 0.0, "pss": 0.0}
    peak = 0.0
    for process in pids:
        try:
            rollup = Path(f"/proc/{process}/smaps_rollup").read_text().splitlines()
            status = Path(f"/proc/{process}/status").read_text().splitlines()
        except (FileNotFoundError, PermissionError):
            continue
        for line in rollup:
            key, _, value = line.partition(":")
            if key in ("Rss", "Pss"):
                totals[key.lower()] += int(value.split()[0]) / 1024
        peak = max([peak] + [int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM:")])
    return {"processes": len(pids), **{key: round(value, 1) for key, value in totals.items()},
            "peak_rss_largest": round(peak, 1)}


def _sockets_on(port: int) -> tuple[set[str], set[str]]:
    """The socket inodes listening on ``port`` and those of connections established on it, from /proc/net."""
    listening, established = set(), set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except FileNotFoundError:
            continue
        for row in rows:
            fields = row.split()
            if int(fields[1].rsplit(":", 1)[1], 16) != port:
                continue
            if fields[3] == "0A":  # LISTEN
                listening.add(fields[9])
            elif fields[3] == "01":  # ESTABLISHED
                established.add(fields[9])
    return listening, established


def _socket_inodes(pid: int) -> set[str]:
    found = set()
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except (FileNotFoundError, PermissionError):
        return found
    for descriptor in descriptors:
        try:
            target = os.readlink(descriptor)
        except OSError:
            continue
        if target.startswith("socket:["):
            found.add(target[8:-1])
    return found


def children(pid: int) -> list[str]:
    """Every process under ``pid`` (children, their children...), as /proc lists them."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        direct = (task / "children").read_text().split()
        found += direct + [grandchild for child in direct for grandchild in children(int(child))]
    return found
