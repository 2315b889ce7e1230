"""``POST /v1/ask`` with the rules engine: engine-checked answers end to end over HTTP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.core.config import PROJECT_ROOT

ENGINE_CHECK_KEYS = {
    "scenario", "outcome", "verdict", "trace", "assumptions", "agrees_with_text", "method", "readings", "open",
}


def _ask(client: TestClient, game: str, question: str, **extra) -> dict:
    response = client.post("/v1/ask", json={"game": game, "question": question, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def _file_text(path: str) -> str:
    file = Path(path) if Path(path).is_absolute() else PROJECT_ROOT / path
    return file.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("game", "question", "verdict", "opening"),
    [
        ("emblemes", "Au Village il y a mon Marchand, un Matelot et une Espionne adverses : il me rapporte combien ?",
         2, "2 pièce(s) d’or."),
        ("emblemes", "My Merchant sits in the Harbour with a Spy and a Bard. How many coins does it earn?", 2, "2 coin(s)."),
        ("splendor", "Il reste 3 jetons rouges dans la pile : est-ce que je peux en prendre deux ?", "non", "Non."),
        ("splendor", "Five blue gems are left in the bank. Can I take two of them?", "yes", "Yes."),
    ],
)
def test_engine_checked_answer_leads_with_the_verdict(
    client: TestClient, game: str, question: str, verdict, opening: str
) -> None:
    body = _ask(client, game, question)
    check = body["engine_check"]
    assert set(check) == ENGINE_CHECK_KEYS
    assert check["verdict"] == verdict
    assert body["answer"].startswith(opening)
    assert body["abstained"] is False
    assert check["trace"] and all("kind" in event and "step" in event for event in check["trace"])
    assert body["explain"] is None, "explain only when asked"


def test_french_engine_account_is_written_in_french(client: TestClient) -> None:
    body = _ask(client, "splendor", "J'ai déjà 3 cartes réservées, je peux en réserver une quatrième ?")
    assert body["engine_check"]["verdict"] == "non"
    outcome = body["engine_check"]["outcome"]
    assert outcome.startswith("Le moteur de règles a joué la position")
    assert "Player" not in outcome and "reserved cards" not in outcome


def test_every_quote_of_an_engine_checked_answer_is_exact(client: TestClient) -> None:
    body = _ask(client, "emblemes", "Ma Voleuse arrive entre les cartes de deux joueurs différents : je les vole tous les deux ?")
    assert body["engine_check"] is not None
    assert body["citations"]
    for citation in body["citations"]:
        source = citation["source"]
        assert _file_text(source["path"])[source["start"] : source["end"]] == citation["quote"]
        assert citation["quote"] in citation["passage"]
    assert body["citations"][0]["quote"] in body["answer"], "the engine's rules are cited first"


def test_engine_cited_sections_come_before_retrieved_ones(client: TestClient) -> None:
    body = _ask(client, "emblemes", "Fin de manche : mon Matelot est au Port avec une Sorcière, sa récompense est doublée ?")
    sections = [citation["section"] for citation in body["citations"]]
    cited_by_engine = {e["citation"]["section"] for e in body["engine_check"]["trace"] if e.get("citation")}
    assert sections[0] in cited_by_engine


@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("splendor", "Qui a inventé Splendor ?"),
        ("splendor", "Comment se passe la fin de partie ?"),
    ],
)
def test_no_fitting_template_means_no_engine_check(client: TestClient, game: str, question: str) -> None:
    body = _ask(client, game, question, explain=True)
    assert body["engine_check"] is None
    assert body["explain"] is None
    assert not body["answer"].startswith(("Oui", "Non", "Yes", "No."))


@pytest.mark.parametrize("question", ["Combien de manches dans une partie ?", "How many rounds are there in a game?"])
def test_a_state_quantity_is_read_off_the_engine_not_left_to_a_template(client: TestClient, question: str) -> None:
    """No template fits; the engine counts the rounds of the games it plays (session 7, docs/grounding.md)."""
    body = _ask(client, "emblemes", question, explain=True)
    assert body["engine_check"]["method"] == "quantity" and body["engine_check"]["verdict"] == 3
    assert body["answer"].startswith("3 ") and not body["abstained"]


def test_assumption_dependent_answer_gives_the_outcome_under_each_option(client: TestClient) -> None:
    body = _ask(client, "emblemes", "Je pose mon Chasseur seul au Village, dans un lieu vide : il se défausse lui-même ?",
                explain=True)
    check = body["engine_check"]
    assert "emblemes.chasseur_discards_itself" in check["assumptions"]
    outcomes = {entry["assumption"]: entry["outcomes"] for entry in body["explain"]["by_assumption"]}
    verdicts = {o["option"]: o["verdict"] for o in outcomes["emblemes.chasseur_discards_itself"]}
    assert verdicts == {"yes": "oui", "no": "non"}
    assert "dépend" in body["answer"]
    assert "« yes » : oui" in body["answer"] and "« no » : non" in body["answer"]


def test_explain_shows_template_score_slot_filling_and_position(client: TestClient) -> None:
    # another player named keeps the asker's-action frame out (docs/grounding.md): the take-two template answers
    question = "Pile rouge : 3 jetons. Léa et moi voulons des rouges : est-ce que je peux en prendre deux ?"
    body = _ask(client, "splendor", question, explain=True)
    explain = body["explain"]
    assert explain["template"]["template"].endswith("take_two_same_colour.yaml")
    assert explain["template"]["score"] >= explain["template"]["fit"] * explain["template"]["similarity"] - 1e-3
    assert explain["slots"]["pile"]["value"] == 3
    assert explain["slots"]["pile"]["from"][0]["text"] == "3"
    assert explain["position"] is not None and explain["steps"]
    assert body["engine_check"]["verdict"] == "non"


def test_explain_of_a_compiled_frame_shows_the_frame_and_the_position(client: TestClient) -> None:
    question = "Fin de manche au Port : il y a mon Marchand, une Guerrière et un Barde. Mon Marchand rapporte combien ?"
    body = _ask(client, "emblemes", question, explain=True)
    explain = body["explain"]
    assert body["engine_check"]["method"] == "frame" and body["engine_check"]["verdict"] == 2
    assert [card["card"] for card in explain["frame"]["cards"]] == ["marchand", "guerriere", "barde"]
    assert [card["card"] for card in explain["position"]["locations"]["Port"]] == ["Marchand", "Guerrière", "Barde"]
    assert explain["steps"] == [{"type": "resolve_round"}]


def test_explain_must_be_a_boolean(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"game": "emblemes", "question": "Mon Marchand ?", "explain": "yes"})
    assert response.status_code == 422
