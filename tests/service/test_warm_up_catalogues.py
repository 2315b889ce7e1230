"""A worker reads the answers' catalogues while it warms up, not in its first questions.

Read on the first ``/v1/ask`` (about 2 s of CPU), they held a fresh worker's first
requests for seconds, and each request thread that met the cache empty read them
again: with two workers, the one the benchmark had not asked yet spent ~4 s of CPU on
its first eight requests (docs/scale.md, session 12).
"""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from service.answers.gaps import gap_catalogue
from service.answers.silent_topics import silent_topics, silent_topics_by_reading
from service.api.main import create_app
from service.core.config import Settings
from tests.service.conftest import CORPUS_DIR
from tests.service.retriever_double import WordOverlapRetriever


def test_catalogues_are_read_before_the_worker_is_ready_and_not_in_its_first_question(
        double_settings: Settings, tmp_path: Path):
    settings = double_settings.model_copy(update={"ready_dir": tmp_path, "workers": 1, "record_questions": False})
    catalogues = (gap_catalogue, silent_topics, silent_topics_by_reading)
    for catalogue in catalogues:
        catalogue.cache_clear()
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    with TestClient(app) as client:
        deadline = time.monotonic() + 300
        while client.get("/readyz").status_code != 200:
            assert time.monotonic() < deadline, app.state.warm_up_error
            time.sleep(0.05)
        read_at_warm_up = tuple(catalogue.cache_info() for catalogue in catalogues)
        response = client.post("/v1/ask", json={"game": "splendor", "question": "Que se passe-t-il si la pioche est vide ?"})
        after_question = tuple(catalogue.cache_info() for catalogue in catalogues)
    assert response.status_code == 200, response.text
    assert all(info.currsize == 1 and info.misses == 1 for info in read_at_warm_up)
    # the question found the catalogues read: no new read, and a hit on those it asks (the topics by reading, which
    # hold the silent topics)
    assert all(after.misses == 1 for after in after_question)
    asked = (after_question[0], after_question[2])
    assert all(after.hits > before.hits for before, after in zip((read_at_warm_up[0], read_at_warm_up[2]), asked))
