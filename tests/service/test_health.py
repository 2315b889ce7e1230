"""``/healthz`` and ``/readyz``, before and after the index is loaded."""

from __future__ import annotations

import os

from fastapi.testclient import TestClient

from service.api.errors import NOT_READY
from service.api.routes.health import WORKERS_WARMING
from service.api.main import create_app
from service.core.config import Settings
from tests.service.conftest import CORPUS_DIR
from tests.service.retriever_double import WordOverlapRetriever


def test_healthz_answers_without_the_index(double_settings: Settings) -> None:
    client = TestClient(create_app(double_settings, retriever=WordOverlapRetriever(CORPUS_DIR)))
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_readyz_is_503_until_warm_up_then_200(double_settings: Settings) -> None:
    retriever = WordOverlapRetriever(CORPUS_DIR)
    app = create_app(double_settings, retriever=retriever)
    before = TestClient(app).get("/readyz")  # no lifespan: nothing loaded
    assert before.status_code == 503
    assert before.json() == {"detail": NOT_READY}
    with TestClient(app) as client:
        assert app.state.referee.wait_until_ready(300)
        after = client.get("/readyz")
    assert retriever.warmed_up
    assert after.status_code == 200
    assert after.json() == {"status": "ready"}


def test_routes_needing_the_index_are_503_before_warm_up(double_settings: Settings) -> None:
    client = TestClient(create_app(double_settings, retriever=WordOverlapRetriever(CORPUS_DIR)))
    response = client.post("/v1/ask", json={"game": "emblemes", "question": "Combien de manches ?"})
    assert response.status_code == 503
    assert response.json() == {"detail": NOT_READY}
    assert client.get("/v1/games").status_code == 503


def test_failed_warm_up_is_reported_by_readyz(double_settings: Settings) -> None:
    app = create_app(double_settings, retriever=WordOverlapRetriever(CORPUS_DIR, fail_warm_up=True))
    with TestClient(app) as client:
        assert not app.state.referee.wait_until_ready(0.5)
        response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"detail": "Index failed to load: RuntimeError: index files are corrupt"}


def test_readyz_waits_for_every_worker_of_the_server(double_settings: Settings, tmp_path) -> None:
    """With ``arbitre serve --workers 2`` a 200 from one worker must not send questions to one still loading."""
    settings = double_settings.model_copy(update={"ready_dir": tmp_path, "workers": 2})
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as client:
        assert app.state.referee.wait_until_ready(300)
        assert [p.name for p in tmp_path.iterdir()] == [str(os.getpid())]  # this worker's mark
        waiting = client.get("/readyz")
        (tmp_path / "another-worker").touch()
        ready = client.get("/readyz")
    assert waiting.status_code == 503
    assert waiting.json() == {"detail": WORKERS_WARMING.format(ready=1, workers=2)}
    assert ready.status_code == 200
    assert [p.name for p in tmp_path.iterdir()] == ["another-worker"]  # the stopped worker took its mark back
