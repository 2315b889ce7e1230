"""Worker processes that do not outlive their parent.

Kept apart from ``service.api``: a spawned worker imports the module of its
initializer, and importing ``service.api`` builds the whole application.
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["exit_with_parent"]


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
