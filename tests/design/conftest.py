"""Fixtures of the designer tests: the app over the real corpus with the word-overlap retriever double."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import PROJECT_ROOT, Settings
from tests.service.retriever_double import WordOverlapRetriever

CORPUS_DIR = PROJECT_ROOT / "corpus"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(corpus_dir=CORPUS_DIR, index_dir=tmp_path_factory.mktemp("index"), record_questions=False)
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as test_client:
        assert app.state.referee.wait_until_ready(300), app.state.warm_up_error
        yield test_client
