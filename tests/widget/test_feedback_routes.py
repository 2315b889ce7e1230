"""POST /v1/feedback and GET /v1/feedback/summary through the HTTP API."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.api.main import create_app
from service.core.config import Settings
from service.api.auth import ADMIN_DISABLED, ADMIN_REQUIRED
from service.feedback import FeedbackStore
from tests.service.retriever_double import WordOverlapRetriever
from tests.widget.conftest import CORPUS_DIR, make_settings

ADMIN_TOKEN = "designer-token-for-tests"


def valid(client: TestClient, game: str = "emblemes") -> dict:
    """A feedback body on an answer id the app issued."""
    return {"game": game, "question": "Qui commence ?", "answer_id": client.app.state.answer_ids.issue(game),
            "helpful": False}


def summary_of(client: TestClient, game: str = "emblemes") -> dict:
    response = client.get("/v1/feedback/summary", params={"game": game},
                          headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, admin_token=ADMIN_TOKEN)


def test_feedback_is_stored_and_its_id_returned(client: TestClient, settings: Settings) -> None:
    first = client.post("/v1/feedback", json=valid(client))
    second = client.post("/v1/feedback", json={**valid(client), "sections": ["Emblèmes › Le matériel"],
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
        ({"answer_id": None}, "answer_id"),
        ({"answer_id": "abc123"}, "answer_id"),
        ({"sections": "Emblèmes"}, "sections"),
        ({"rating": 5}, "rating"),
    ],
)
def test_bad_feedback_is_a_422_naming_the_field(client: TestClient, change: dict, field: str) -> None:
    response = client.post("/v1/feedback", json={**valid(client), **change})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == field


def test_feedback_needs_an_answer_id_issued_for_that_game(client: TestClient) -> None:
    forged = "0" * 48
    other_game = valid(client, "splendor")["answer_id"]
    for answer_id in (forged, other_game):
        response = client.post("/v1/feedback", json={**valid(client), "answer_id": answer_id})
        assert response.status_code == 422
        assert response.json()["detail"] == "Invalid field 'answer_id': no answer with this id was issued for game 'emblemes'"


def test_an_answer_id_from_ask_is_accepted(client: TestClient) -> None:
    answer = client.post("/v1/ask", json={"game": "emblemes", "question": "Qui commence ?"}).json()
    assert client.post("/v1/feedback", json={**valid(client), "answer_id": answer["answer_id"]}).status_code == 201


def test_feedback_is_rate_limited_per_client(tmp_path: Path) -> None:
    limited = make_settings(tmp_path, feedback_burst=3, feedback_per_minute=1)
    with TestClient(create_app(limited, retriever=WordOverlapRetriever(CORPUS_DIR))) as test_client:
        statuses = [test_client.post("/v1/feedback", json=valid(test_client)).status_code for _ in range(4)]
        refused = test_client.post("/v1/feedback", json=valid(test_client))
    assert statuses == [201, 201, 201, 429]
    # The bucket refills while the requests run (exact arithmetic: test_privacy_and_limits with a fake clock).
    assert 0 < int(refused.headers["retry-after"]) <= 60
    assert refused.json()["detail"].startswith("Too many feedback requests from this client: at most 1")


def test_feedback_on_an_unknown_game_is_a_404(client: TestClient) -> None:
    response = client.post("/v1/feedback", json={**valid(client), "game": "monopoly"})
    assert response.status_code == 404
    assert response.json()["detail"].startswith("Unknown game 'monopoly'; known games: ")


def test_summary_reports_demand_dissatisfaction_and_gaps(client: TestClient, settings: Settings) -> None:
    store = FeedbackStore(settings.feedback_db)
    for question, abstained in [("Peut-on passer son tour ?", True), ("peut-on passer son tour", True), ("Qui commence ?", False)]:
        store.record_question(game="emblemes", question=question, answer_id=None, abstained=abstained, sections=[])
    client.post("/v1/feedback", json={**valid(client), "comment": "Pas de réponse claire"})

    summary = summary_of(client)

    assert summary["questions_recorded"] == 3 and summary["feedback_recorded"] == 1
    assert summary["most_asked"][0] == {"question": "Peut-on passer son tour ?", "count": 2}
    assert summary["abstained"] == [{"question": "Peut-on passer son tour ?", "count": 2}]
    assert summary["unhelpful"] == [{"question": "Qui commence ?", "unhelpful": 1, "helpful": 0, "sections": [],
                                     "comments": ["Pas de réponse claire"],
                                     "answers": [{"sections": [], "unhelpful": 1, "comments": ["Pas de réponse claire"]}]}]


def test_summary_needs_a_known_game(client: TestClient) -> None:
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    assert client.get("/v1/feedback/summary", headers=admin).status_code == 422
    assert client.get("/v1/feedback/summary", params={"game": "monopoly"}, headers=admin).status_code == 404
    assert client.get("/v1/feedback/summary", params={"game": "emblemes", "limit": 0}, headers=admin).status_code == 422


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-token", f"Basic {ADMIN_TOKEN}", ADMIN_TOKEN])
def test_summary_needs_the_admin_token(client: TestClient, authorization: str | None) -> None:
    headers = {"Authorization": authorization} if authorization else {}
    response = client.get("/v1/feedback/summary", params={"game": "emblemes"}, headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.json() == {"detail": ADMIN_REQUIRED}


def test_summary_is_off_without_a_configured_token(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path), retriever=WordOverlapRetriever(CORPUS_DIR))) as test_client:
        response = test_client.get("/v1/feedback/summary", params={"game": "emblemes"},
                                   headers={"Authorization": "Bearer "})
    assert response.status_code == 403
    assert response.json() == {"detail": ADMIN_DISABLED}


def test_questions_and_feedback_are_stored_redacted(client: TestClient, settings: Settings) -> None:
    question = "Mon ami ana@example.org (06 12 34 56 78) dit que https://forum.example/t/1 a raison : 2 joueurs ?"
    client.post("/v1/ask", json={"game": "emblemes", "question": question})
    client.post("/v1/feedback", json={**valid(client), "question": question, "comment": "Appelez le +33 6 12 34 56 78"})
    database = sqlite3.connect(settings.feedback_db)
    stored = [row[0] for row in database.execute("SELECT question FROM questions UNION ALL SELECT question FROM feedback")]
    comments = [row[0] for row in database.execute("SELECT comment FROM feedback")]
    assert stored == ["Mon ami [e-mail] [phone] dit que [url] a raison : 2 joueurs ?"] * 2
    assert comments == ["Appelez le [phone]"]


def test_ask_records_the_question_without_personal_data(client: TestClient, settings: Settings) -> None:
    answer = client.post("/v1/ask", json={"game": "emblemes", "question": "Combien de manches dure la partie ?"},
                         headers={"User-Agent": "secret-agent", "X-Forwarded-For": "203.0.113.9"}).json()
    summary = summary_of(client)
    assert summary["most_asked"] == [{"question": "Combien de manches dure la partie ?", "count": 1}]
    [row] = sqlite3.connect(settings.feedback_db).execute("SELECT * FROM questions").fetchall()
    assert answer["answer_id"] in row
    assert not any(marker in str(row) for marker in ("secret-agent", "203.0.113.9", "127.0.0.1", "testclient"))


def test_ask_records_nothing_when_turned_off(tmp_path: Path) -> None:
    off = make_settings(tmp_path, record_questions=False)
    with TestClient(create_app(off, retriever=WordOverlapRetriever(CORPUS_DIR))) as test_client:
        assert test_client.app.state.referee.wait_until_ready(300)
        assert test_client.post("/v1/ask", json={"game": "emblemes", "question": "Qui commence ?"}).status_code == 200
    assert not off.feedback_db.exists()
