"""Readiness across the workers of ``arbitre serve --workers N``: ``/readyz`` says ready once every worker is.

Each worker loads its own index and model; a question that reaches one still loading gets a 503. A script or
load balancer that waits for one 200 from ``/readyz`` would otherwise start sending questions while the other
workers warm up. So each worker marks itself ready in a folder the serve command creates for its workers
(``Settings.ready_dir``), a file named by its pid, takes its mark back when it stops, and ``/readyz`` counts the
marks of live processes: a worker killed with -9 cannot take its mark back, and the supervisor's replacement must
not be counted before it has warmed up. A worker whose warm-up failed leaves a failure mark with the error
instead, so that every worker's ``/readyz`` names the failure rather than waiting for it forever.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["mark_failed", "mark_ready", "ready_workers", "unmark_ready", "worker_failures"]

_PROC = Path("/proc")
_FAILED = "failed-"


def mark_ready(folder: Path | None) -> None:
    """Say this worker process is ready (nothing when the server runs one process)."""
    if folder is not None:
        (folder / str(os.getpid())).touch()


def mark_failed(folder: Path | None, error: str) -> None:
    """Say this worker's warm-up failed with ``error`` (nothing when the server runs one process)."""
    if folder is not None:
        (folder / f"{_FAILED}{os.getpid()}").write_text(error, encoding="utf-8")


def unmark_ready(folder: Path | None) -> None:
    """Take this worker's marks back as it stops: a worker that replaces it counts only once warmed up."""
    if folder is not None:
        (folder / str(os.getpid())).unlink(missing_ok=True)
        (folder / f"{_FAILED}{os.getpid()}").unlink(missing_ok=True)


def worker_failures(folder: Path | None) -> dict[int, str]:
    """The warm-up errors of live workers, by pid; empty when the server runs one process."""
    if folder is None or not folder.is_dir():
        return {}
    failures = {}
    for mark in folder.glob(f"{_FAILED}*"):
        pid = mark.name.removeprefix(_FAILED)
        if _process_alive(pid):
            try:
                failures[int(pid)] = mark.read_text(encoding="utf-8")
            except FileNotFoundError:  # its worker stopped meanwhile
                continue
    return failures


def ready_workers(folder: Path | None) -> int | None:
    """How many live workers have marked themselves ready; None when the server runs one process."""
    if folder is None:
        return None
    if not folder.is_dir():
        return 0
    return sum(1 for mark in folder.iterdir() if _process_alive(mark.name))


def _process_alive(pid: str) -> bool:
    """Whether the mark's process still runs; a mark that names no pid counts for nothing.

    A worker killed with -9 stays a zombie until its supervisor reaps it, and a zombie still answers
    ``kill(pid, 0)``: where ``/proc`` exists, its state says so.
    """
    if not pid.isdigit():
        return False
    if _PROC.is_dir():
        try:
            stat = (_PROC / pid / "stat").read_text()
        except (FileNotFoundError, ProcessLookupError):
            return False
        return stat.rpartition(")")[2].split()[0] != "Z"  # the state follows the command's ")"
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by another user
        return True
    return True
