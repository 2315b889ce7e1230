"""Helpers shared by the scripts that start a real server (soak, crash test)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import httpx


def wait_ready(base: str, server: subprocess.Popen, log: Path, timeout_s: float = 300, poll_s: float = 0.2) -> None:
    """Return once ``base``/readyz answers 200.

    Raises:
        RuntimeError: the server exited (with the end of its log) or was not ready within ``timeout_s``.
    """
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"server exited with {server.returncode}: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(poll_s)
    raise RuntimeError(f"server not ready after {timeout_s} s: {log.read_text()[-2000:]}")
