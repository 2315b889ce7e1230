"""Real uvicorn processes for the durability and browser tests.

``double_app`` is a uvicorn factory: the app over the real corpus with the
word-overlap retriever double, configured from ``ARBITRE_*`` like production.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from fastapi import FastAPI

from service.api.main import create_app
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever


def double_app() -> FastAPI:
    settings = Settings()
    return create_app(settings, retriever=WordOverlapRetriever(settings.corpus_dir))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(factory: str, env: dict[str, str], log: Path, *, ready_path: str = "/readyz",
                 timeout_s: float = 60.0) -> tuple[subprocess.Popen, str]:
    """Start ``uvicorn --factory <factory>`` on a free port; return once ``ready_path`` answers 200."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", factory, "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning"],
        cwd=PROJECT_ROOT, env={**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", **env},
        stdout=log.open("wb"), stderr=subprocess.STDOUT,
    )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}: {log.read_text()[-2000:]}")
        try:
            if httpx.get(base_url + ready_path, timeout=1).status_code == 200:
                return process, base_url
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    stop_server(process)
    raise RuntimeError(f"server not ready after {timeout_s}s: {log.read_text()[-2000:]}")


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
