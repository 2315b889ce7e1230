"""``POST /v1/ask`` with ``context``: a follow-up names the answer it continues; checked, then recorded."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from service.core.config import Settings


def first_answer(client: TestClient) -> dict:
    response = client.post("/v1/ask", json={"game": "emblemes", "question": "Qui commence la partie ?"})
    assert response.status_code == 200
    return response.json()


def test_a_follow_up_is_answered_and_recorded_with_the_answer_it_continues(client: TestClient, settings: Settings) -> None:
    first = first_answer(client)
    context = {"answer_id": first["answer_id"], "sections": [c["section"] for c in first["citations"]][:5]}
    follow_up = client.post("/v1/ask", json={"game": "emblemes", "question": "Et à trois joueurs ?", "context": context})
    assert follow_up.status_code == 200
    with sqlite3.connect(settings.feedback_db) as connection:
        rows = connection.execute("SELECT question, follow_up_of FROM questions ORDER BY id").fetchall()
    assert rows == [("Qui commence la partie ?", None), ("Et à trois joueurs ?", first["answer_id"])]


@pytest.mark.parametrize(("context", "field", "detail"), [
    ({"answer_id": "0" * 48, "sections": []}, "context.answer_id",
     "Invalid field 'context.answer_id': no answer with this id was issued for game 'emblemes'"),
    ({"sections": ["Emblèmes › Nulle part"]}, "context.sections.0",
     "Invalid field 'context.sections': 'Emblèmes › Nulle part' is not a section of the rulebook of 'emblemes'"),
    ({"answer_id": "abc"}, "context.answer_id", None),
    ({"sections": ["a"] * 6}, "context.sections", None),
    ({"color": "red"}, "context.color", None),
])
def test_a_bad_context_is_a_422_naming_the_field(client: TestClient, context: dict, field: str, detail: str | None) -> None:
    issued = first_answer(client)["answer_id"]
    body = {"game": "emblemes", "question": "Et ensuite ?", "context": {"answer_id": issued, **context}}
    response = client.post("/v1/ask", json=body)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == field
    if detail:
        assert response.json()["detail"] == detail


def test_a_context_on_an_unknown_game_is_still_a_404(client: TestClient) -> None:
    issued = first_answer(client)["answer_id"]
    response = client.post("/v1/ask", json={"game": "monopoly", "question": "Et ensuite ?",
                                            "context": {"answer_id": issued}})
    assert response.status_code == 404
