"""Fixtures of the service tests: an app over the real corpus with a word-overlap retriever double."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"


@pytest.fixture(scope="session")
def double_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path_factory.mktemp("index"))


@pytest.fixture(scope="session")
def client(double_settings: Settings) -> Iterator[TestClient]:
    """A ready app whose retriever is the word-overlap double (no model, no index build)."""
    app = create_app(double_settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client
