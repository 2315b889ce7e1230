"""Fixtures of the widget tests: an app over the real corpus, a word-overlap retriever and a fresh feedback db."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"


def make_settings(tmp_path: Path, **overrides) -> Settings:
    return Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path / "index",
                    feedback_db=tmp_path / "var" / "feedback.sqlite3", **overrides)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """A ready app with its own feedback database (a folder that does not exist yet)."""
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client
