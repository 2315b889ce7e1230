"""POST /v1/feedback and GET /v1/feedback/summary through the HTTP API."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.feedback import FeedbackStore
from tests.service.retriever_double import WordOverlapRetriever
from tests.widget.conftest import CORPUS_DIR, make_settings

VALID = {"game": "emblemes", "question": "Qui commence ?", "answer_id": "abc123", "helpful": False}


def test_feedback_is_stored_and_its_id_returned(client: TestClient, settings: Settings) -> None:
    first = client.post("/v1/feedback", json=VALID)
    second = client.post("/v1/feedback", json={**VALID, "answer_id": None, "sections": ["Emblèmes › Le matériel"],
                                                "helpful": True, "comment": "Clair."})
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.json()["id"] == first.json()["id"] + 1
    assert FeedbackStore(settings.feedback_db).count_feedback() == 2


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"helpful": "yes"}, "helpful"),
        ({"helpful": None}, "helpful"),
        ({"question": ""}, "question"),
        ({"comment": "x" * 2001}, "comment"),
        ({"answer_id": None}, "body"),
        ({"sections": "Emblèmes"}, "sections"),
        ({"rating": 5}, "rating"),
    ],
)
def test_bad_feedback_is_a_422_naming_the_field(client: TestClient, change: dict, field: str) -> None:
    response = client.post("/v1/feedback", json={**VALID, **change})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == field


def test_missing_answer_identity_says_what_is_expected(client: TestClient) -> None:
    response = client.post("/v1/feedback", json={**VALID, "answer_id": None})
    assert "answer_id or sections: expected at least one, got neither" in response.json()["detail"]


def test_feedback_on_an_unknown_game_is_a_404(client: TestClient) -> None:
    response = client.post("/v1/feedback", json={**VALID, "game": "monopoly"})
    assert response.status_code == 404
    assert response.json()["detail"].startswith("Unknown game 'monopoly'; known games: ")


def test_summary_reports_demand_dissatisfaction_and_gaps(client: TestClient, settings: Settings) -> None:
    store = FeedbackStore(settings.feedback_db)
    for question, abstained in [("Peut-on passer son tour ?", True), ("peut-on passer son tour", True), ("Qui commence ?", False)]:
        store.record_question(game="emblemes", question=question, answer_id=None, abstained=abstained, sections=[])
    client.post("/v1/feedback", json={**VALID, "comment": "Pas de réponse claire"})

    summary = client.get("/v1/feedback/summary", params={"game": "emblemes"}).json()

    assert summary["questions_recorded"] == 3 and summary["feedback_recorded"] == 1
    assert summary["most_asked"][0] == {"question": "Peut-on passer son tour ?", "count": 2}
    assert summary["abstained"] == [{"question": "Peut-on passer son tour ?", "count": 2}]
    assert summary["unhelpful"] == [{"question": "Qui commence ?", "unhelpful": 1, "helpful": 0, "sections": [],
                                     "comments": ["Pas de réponse claire"]}]


def test_summary_needs_a_known_game(client: TestClient) -> None:
    assert client.get("/v1/feedback/summary").status_code == 422
    assert client.get("/v1/feedback/summary", params={"game": "monopoly"}).status_code == 404
    assert client.get("/v1/feedback/summary", params={"game": "emblemes", "limit": 0}).status_code == 422


def test_ask_records_the_question_without_personal_data(client: TestClient, settings: Settings) -> None:
    answer = client.post("/v1/ask", json={"game": "emblemes", "question": "Combien de manches dure la partie ?"},
                         headers={"User-Agent": "secret-agent", "X-Forwarded-For": "203.0.113.9"}).json()
    summary = client.get("/v1/feedback/summary", params={"game": "emblemes"}).json()
    assert summary["most_asked"] == [{"question": "Combien de manches dure la partie ?", "count": 1}]
    [row] = sqlite3.connect(settings.feedback_db).execute("SELECT * FROM questions").fetchall()
    assert answer["answer_id"] in row
    assert not any(marker in str(row) for marker in ("secret-agent", "203.0.113.9", "127.0.0.1", "testclient"))


def test_ask_records_nothing_when_turned_off(tmp_path: Path) -> None:
    off = make_settings(tmp_path, record_questions=False)
    with TestClient(create_app(off, retriever=WordOverlapRetriever(CORPUS_DIR))) as test_client:
        assert test_client.app.state.referee.wait_until_ready(30)
        assert test_client.post("/v1/ask", json={"game": "emblemes", "question": "Qui commence ?"}).status_code == 200
    assert not off.feedback_db.exists()
