"""Acknowledged feedback is never lost: across a restart, and across a kill -9 during writes."""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.answer_ids import AnswerIds
from service.feedback import FeedbackStore
from tests.service.retriever_double import WordOverlapRetriever
from tests.widget.conftest import CORPUS_DIR, make_settings
from tests.widget.servers import start_server, stop_server

SECRET = "answer-id-secret-for-tests"
FEEDBACK = {"game": "emblemes", "question": "Qui commence ?",
            "answer_id": AnswerIds(SECRET.encode()).issue("emblemes"), "helpful": True}


def test_feedback_survives_a_server_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, answer_id_secret=SECRET)
    with TestClient(create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))) as first:
        stored_id = first.post("/v1/feedback", json=FEEDBACK).json()["id"]
    with TestClient(create_app(settings, retriever=WordOverlapRetriever(CORPUS_DIR))) as second:
        assert FeedbackStore(settings.feedback_db).count_feedback() == 1
        assert second.post("/v1/feedback", json=FEEDBACK).json()["id"] == stored_id + 1


@pytest.mark.integration
def test_kill_9_during_writes_loses_no_acknowledged_feedback(tmp_path: Path) -> None:
    database = tmp_path / "var" / "feedback.sqlite3"
    process, base_url = start_server("tests.widget.servers:double_app",
                                     {"ARBITRE_FEEDBACK_DB": str(database), "ARBITRE_ANSWER_ID_SECRET": SECRET,
                                      "ARBITRE_FEEDBACK_BURST": "1000000"},
                                     tmp_path / "server.log", ready_path="/healthz")
    acknowledged: list[int] = []
    lock = threading.Lock()

    def write_until_the_server_dies() -> None:
        with httpx.Client(base_url=base_url, timeout=5) as http:
            for sequence in range(100_000):
                try:
                    response = http.post("/v1/feedback", json={**FEEDBACK, "comment": f"write {sequence}"})
                except httpx.TransportError:
                    return
                if response.status_code == 201:
                    with lock:
                        acknowledged.append(response.json()["id"])

    writers = [threading.Thread(target=write_until_the_server_dies) for _ in range(4)]
    try:
        for writer in writers:
            writer.start()
        deadline = time.monotonic() + 300  # a ceiling for a loaded machine: the loop ends at 200 writes
        while len(acknowledged) < 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        stop_server(process)
        for writer in writers:
            writer.join(30)

    assert len(acknowledged) >= 200, "the server acknowledged too few writes before the kill"
    store = FeedbackStore(database)
    rows = store.count_feedback()
    assert rows >= len(acknowledged)
    stored_ids = {row[0] for row in sqlite3.connect(database).execute("SELECT id FROM feedback")}
    assert set(acknowledged) <= stored_ids
