"""``freeze_heap``: once warmed up, a served process moves what it loaded out of the cyclic collector's reach."""

from __future__ import annotations

import gc
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import FROZEN_YOUNG_THRESHOLD, create_app
from service.core.config import Settings
from tests.service.conftest import CORPUS_DIR
from tests.service.retriever_double import WordOverlapRetriever


@pytest.mark.parametrize("freeze", [False, True])
def test_warm_up_freezes_the_loaded_heap_only_when_asked(double_settings: Settings, tmp_path: Path, freeze: bool):
    settings = double_settings.model_copy(update={"freeze_heap": freeze, "ready_dir": tmp_path, "workers": 1})
    app = create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))
    gc.unfreeze()
    thresholds = gc.get_threshold()
    try:
        with TestClient(app) as client:
            deadline = time.monotonic() + 300
            while client.get("/readyz").status_code != 200:  # the worker's mark comes after the freeze
                assert time.monotonic() < deadline, app.state.warm_up_error
                time.sleep(0.05)
            frozen = gc.get_freeze_count()
            young_threshold = gc.get_threshold()[0]
    finally:
        gc.unfreeze()  # this test process makes many apps: give their objects back to the collector
        gc.set_threshold(*thresholds)
    assert (frozen > 10_000) is freeze and (freeze or frozen == 0)  # the corpus, templates and lexicons, or nothing
    # young collections spaced out only once the long-lived heap is frozen
    assert young_threshold == (FROZEN_YOUNG_THRESHOLD if freeze else thresholds[0])
