"""Readiness across the workers of ``arbitre serve --workers N``: ``/readyz`` says ready once every worker is.

Each worker loads its own index and model; a question that reaches one still loading gets a 503. A script or
load balancer that waits for one 200 from ``/readyz`` would otherwise start sending questions while the other
workers warm up. So each worker marks itself ready in a folder the serve command creates for its workers
(``Settings.ready_dir``), takes its mark back when it stops, and ``/readyz`` counts the marks.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["mark_ready", "ready_workers", "unmark_ready"]


def mark_ready(folder: Path | None) -> None:
    """Say this worker process is ready (nothing when the server runs one process)."""
    if folder is not None:
        (folder / str(os.getpid())).touch()


def unmark_ready(folder: Path | None) -> None:
    """Take this worker's mark back as it stops: a worker that replaces it counts only once warmed up."""
    if folder is not None:
        (folder / str(os.getpid())).unlink(missing_ok=True)


def ready_workers(folder: Path | None) -> int | None:
    """How many workers have marked themselves ready; None when the server runs one process."""
    if folder is None:
        return None
    return sum(1 for _ in folder.iterdir()) if folder.is_dir() else 0
