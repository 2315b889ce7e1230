"""Fixtures shared by every test folder.

``real_app``/``real_client`` hold the application with the real ``index.Retriever``
and the bundled model (loaded once per session, index under ``ARBITRE_INDEX_DIR``);
tests that use them are ``integration`` tests.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from service.api.main import create_app  # noqa: E402
from service.core.config import Settings  # noqa: E402

REAL_WARM_UP_TIMEOUT_S = 300


@pytest.fixture(scope="session")
def real_settings() -> Settings:
    """The settings of the environment, with question recording off (tests are not players)."""
    return Settings(record_questions=False)


@pytest.fixture(scope="session")
def real_client(real_settings: Settings) -> Iterator[TestClient]:
    """A client of the app over the real corpus, retriever and model, warmed up once per session."""
    app = create_app(real_settings)
    with TestClient(app) as client:
        assert app.state.referee.wait_until_ready(REAL_WARM_UP_TIMEOUT_S), app.state.warm_up_error
        yield client


@pytest.fixture(scope="session")
def real_app(real_client: TestClient) -> FastAPI:
    return real_client.app
