"""``/healthz`` and ``/readyz``, before and after the index is loaded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from fastapi.testclient import TestClient

from service.api.errors import NOT_READY
from service.api.routes.health import WORKER_FAILED, WORKERS_WARMING
from service.api.main import create_app
from service.api.readiness import ready_workers, worker_failures
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
    other_worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with TestClient(app) as client:
            assert app.state.referee.wait_until_ready(300)
            mark = tmp_path / str(os.getpid())  # this worker's mark, made just after the referee is ready
            for _ in range(500):
                if mark.exists():
                    break
                time.sleep(0.01)
            assert [p.name for p in tmp_path.iterdir()] == [mark.name]
            waiting = client.get("/readyz")
            (tmp_path / str(other_worker.pid)).touch()
            ready = client.get("/readyz")
    finally:
        other_worker.kill()
        other_worker.wait()
    assert waiting.status_code == 503
    assert waiting.json() == {"detail": WORKERS_WARMING.format(ready=1, workers=2)}
    assert ready.status_code == 200
    assert [p.name for p in tmp_path.iterdir()] == [str(other_worker.pid)]  # the stopped worker took its mark back


def test_a_worker_that_failed_to_warm_up_marks_its_error(double_settings: Settings, tmp_path) -> None:
    settings = double_settings.model_copy(update={"ready_dir": tmp_path, "workers": 2})
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR, fail_warm_up=True))
    with TestClient(app) as client:
        assert not app.state.referee.wait_until_ready(0.5)
        for _ in range(500):
            if worker_failures(tmp_path):
                break
            time.sleep(0.01)
        failures = worker_failures(tmp_path)
        response = client.get("/readyz")
    assert failures == {os.getpid(): "RuntimeError: index files are corrupt"}
    assert response.json() == {"detail": "Index failed to load: RuntimeError: index files are corrupt"}
    assert worker_failures(tmp_path) == {} and list(tmp_path.iterdir()) == []  # taken back as the worker stopped


def test_a_ready_worker_names_another_workers_failure(double_settings: Settings, tmp_path) -> None:
    """When one worker of ``serve --workers 2`` cannot load the index, the server never becomes ready:
    the worker that did load must say why, not that the other is "still loading" forever."""
    settings = double_settings.model_copy(update={"ready_dir": tmp_path, "workers": 2})
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    failed_worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    dead_worker = subprocess.Popen([sys.executable, "-c", "pass"])
    dead_worker.wait()
    try:
        (tmp_path / f"failed-{dead_worker.pid}").write_text("OSError: a dead worker's mark counts for nothing")
        with TestClient(app) as client:
            assert app.state.referee.wait_until_ready(300)
            for _ in range(500):  # this worker's mark, made just after the referee is ready
                if ready_workers(tmp_path) == 1:
                    break
                time.sleep(0.01)
            waiting = client.get("/readyz")
            (tmp_path / f"failed-{failed_worker.pid}").write_text("FileNotFoundError: model-inferred.onnx")
            failed = client.get("/readyz")
    finally:
        failed_worker.kill()
        failed_worker.wait()
    assert waiting.json() == {"detail": WORKERS_WARMING.format(ready=1, workers=2)}
    assert failed.status_code == 503
    assert failed.json() == {"detail": WORKER_FAILED.format(pid=failed_worker.pid,
                                                            error="FileNotFoundError: model-inferred.onnx")}
    assert worker_failures(tmp_path) == {} and worker_failures(None) == {}


def test_a_killed_workers_mark_is_not_counted(tmp_path) -> None:
    """A worker killed with -9 cannot take its mark back; its replacement must warm up before /readyz counts it."""
    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    (tmp_path / str(worker.pid)).touch()
    (tmp_path / str(os.getpid())).touch()
    (tmp_path / "not-a-pid").touch()
    try:
        alive = ready_workers(tmp_path)
        os.kill(worker.pid, signal.SIGKILL)
        for _ in range(500):  # until the kernel has ended it: a zombie, not yet reaped
            if ready_workers(tmp_path) == 1:
                break
            time.sleep(0.01)
        zombie = ready_workers(tmp_path)
    finally:
        worker.kill()
        worker.wait()
    assert (alive, zombie, ready_workers(tmp_path)) == (2, 1, 1)
    assert ready_workers(tmp_path / "missing") == 0 and ready_workers(None) is None
