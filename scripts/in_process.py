"""The service in process for a script: the real app, warmed up, with a scratch feedback store."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings


@contextmanager
def ready_client(prefix: str, timeout_s: float = 600) -> Iterator[TestClient]:
    """A client of the real app once its referee is ready; feedback goes to a temporary SQLite file."""
    with tempfile.TemporaryDirectory(prefix=prefix) as scratch:
        app = create_app(Settings(feedback_db=Path(scratch) / "feedback.sqlite3", log_format="text"))
        with TestClient(app) as client:
            if not app.state.referee.wait_until_ready(timeout_s):
                raise RuntimeError(f"the referee did not warm up: {app.state.warm_up_error}")
            yield client
