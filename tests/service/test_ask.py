"""``POST /v1/ask``: verified quotes, framing language, abstention, answer ids."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from service.core.config import PROJECT_ROOT, get_settings

DEV_QUESTIONS = [
    json.loads(line)
    for line in (get_settings().shared_dir / "eval" / "dev_questions.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]


def _file_text(path: str) -> str:
    return (PROJECT_ROOT / path).read_text(encoding="utf-8") if not path.startswith("/") else open(path, encoding="utf-8").read()


def test_dev_set_is_available() -> None:
    assert len(DEV_QUESTIONS) >= 20


@pytest.mark.parametrize("question", DEV_QUESTIONS, ids=[question["id"] for question in DEV_QUESTIONS])
def test_every_quote_is_the_exact_file_text_at_its_offsets(client: TestClient, question: dict) -> None:
    response = client.post("/v1/ask", json={"game": question["game"], "question": question["question"]})
    assert response.status_code == 200
    body = response.json()
    assert body["citations"], "an answer always cites the nearest passages"
    for citation in body["citations"]:
        source = citation["source"]
        text = _file_text(source["path"])
        assert text[source["start"] : source["end"]] == citation["quote"]
        assert citation["quote"] in citation["passage"]
    assert 0.0 <= body["confidence"] <= 1.0
    assert body["citations"][0]["quote"] in body["answer"]


def test_answer_ids_are_fresh_and_issued_for_the_game(client: TestClient) -> None:
    body = {"game": "emblemes", "question": "Combien de manches dans une partie ?"}
    first, second = (client.post("/v1/ask", json=body).json()["answer_id"] for _ in range(2))
    assert re.fullmatch(r"[0-9a-f]{48}", first)
    assert first != second
    assert client.app.state.answer_ids.issued(first, "emblemes")


@pytest.mark.parametrize(
    ("question", "lang", "answer_language"),
    [
        ("Combien de manches dans une partie ?", None, "fr"),
        ("How many rounds are there in a game?", None, "en"),
        ("Combien de manches dans une partie ?", "en", "en"),
        ("How many rounds are there in a game?", "fr", "fr"),
    ],
)
def test_the_answer_follows_the_question_language_unless_lang_is_given(
    client: TestClient, question: str, lang: str | None, answer_language: str
) -> None:
    body = {"game": "emblemes", "question": question} | ({"lang": lang} if lang else {})
    response = client.post("/v1/ask", json=body).json()
    assert response["lang"] == answer_language
    english_marks = ("unofficial translation", "quoted in French", "The rules do not say")
    assert any(mark in response["answer"] for mark in english_marks) == (answer_language == "en")


def test_out_of_scope_question_abstains_and_still_cites(client: TestClient) -> None:
    response = client.post(
        "/v1/ask", json={"game": "splendor", "question": "Qui est l'illustrateur et quel est le prix de vente conseillé ?"}
    ).json()
    assert response["abstained"] is True
    assert response["answer"].startswith("Les règles ne le précisent pas")
    assert response["citations"]
    assert response["confidence"] < 0.5


def test_an_abstention_says_what_the_rulebook_lacks_and_cites_the_nearest_passage(client: TestClient) -> None:
    question = "For how many players is the game, from how many to how many?"
    response = client.post("/v1/ask", json={"game": "for-a-crown", "question": question}).json()
    assert response["abstained"] is True
    assert response["answer"].startswith("The rules do not say: the text does not give the number of players.")
    assert response["confidence"] == 0.0, "the front matter shows the rules are silent: nothing is ruled"
    assert response["citations"]


@pytest.mark.parametrize("game, question, opening, closest", [
    ("emblemes", "Qui est l'éditeur et quel est le prix de vente conseillé ?",
     "Les règles ne le précisent pas : aucun passage ne donne le nom demandé.",
     "Règles les plus proches (elles ne tranchent pas ce point) : « "),
    ("splendor", "Qui est l'illustrateur et quel est le prix de vente conseillé ?",
     "Les règles ne le précisent pas : qui a illustré le jeu.",
     "Règles les plus proches (elles ne tranchent pas ce point) : « "),
    ("for-a-crown", "For how many players is the game, from how many to how many?",
     "The rules do not say: the text does not give the number of players.", "Closest rules (they do not settle it): “"),
    ("oriflamme", "Une partie dure combien de temps à peu près ?",
     "Les règles ne le précisent pas : le texte ne donne aucune durée en minutes ou en heures.",
     "Règles les plus proches (elles ne tranchent pas ce point) : « "),
    ("emprise", "From what age can kids play?", "The rules do not say: the text does not give a recommended age.",
     "Closest rules (they do not settle it): “"),
])
def test_an_abstention_says_so_in_the_asker_language_and_cites_the_closest_rules_as_such(
    client: TestClient, game: str, question: str, opening: str, closest: str
) -> None:
    response = client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert response["abstained"] is True
    assert response["answer"].startswith(f"{opening} {closest}")
    assert response["ruling"] is None
    assert response["confidence"] < 0.5
    assert response["lang"] == ("en" if opening.startswith("The") else "fr")
    assert response["citations"] and {c["role"] for c in response["citations"]} == {"closest"}
    nearest = response["citations"][0]
    assert nearest["quote"] in response["answer"], "the closest rule is quoted, verified like any quote"


def test_an_answer_cites_its_rules_as_evidence(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"game": "emblemes", "question": "Combien de manches dans une partie ?"}).json()
    assert not response["abstained"]
    assert {c["role"] for c in response["citations"]} == {"evidence"}


def test_explain_is_accepted(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"game": "emblemes", "question": "Combien de manches ?", "explain": True})
    assert response.status_code == 200


def test_an_english_question_gets_an_english_ruling_with_the_french_quote_verified(client: TestClient) -> None:
    body = client.post("/v1/ask", json={"game": "splendor", "question": "How many prestige points end the game?"}).json()
    assert body["lang"] == "en"
    assert not body["abstained"]
    translated = [c for c in body["citations"] if c["translation"]]
    assert translated, "a translated game's citations carry their English"
    for citation in translated:
        source = citation["source"]
        assert _file_text(source["path"])[source["start"] : source["end"]] == citation["quote"]
        assert citation["translation"]["unofficial"] is True and citation["translation"]["language"] == "en"
    first = body["citations"][0]
    assert f"“{first['translation']['text']}” (unofficial translation; French original: « {first['quote']} »)" in body["answer"]
    assert body["ruling"]["form"] == "count"
    # The ruling leads in English: the translation's words for the number the French rule binds to the noun.
    assert body["ruling"]["value"] == "15 points de prestige"
    assert body["answer"].startswith("15 prestige points. “")


def test_a_french_answer_carries_no_translation_and_names_its_ruling(client: TestClient) -> None:
    body = client.post("/v1/ask", json={"game": "splendor", "question": "Combien de points de prestige pour finir ?"}).json()
    assert all(citation["translation"] is None for citation in body["citations"])
    assert body["abstained"] or body["ruling"]["kind"] in ("yes", "no", "number", "rule")


@pytest.mark.parametrize(("game", "question", "opening"), [
    ("emblemes", "On est que deux ce soir, on peut quand même jouer ?", "Non : 3 à 5 joueurs."),
    ("emblemes", "Can we play with 4 players?", "Yes: 3 to 5 players."),
    ("splendor", "Combien de joueurs ?", "2 à 4 joueurs."),
])
def test_a_player_count_question_is_ruled_from_the_front_matter(client: TestClient, game: str, question: str,
                                                                opening: str) -> None:
    body = client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert not body["abstained"] and body["answer"].startswith(opening)


def test_can_we_play_with_n_abstains_when_the_rulebook_gives_no_player_count(client: TestClient) -> None:
    body = client.post("/v1/ask", json={"game": "oriflamme", "question": "On peut jouer à deux ?"}).json()
    assert body["abstained"] and "nombre de joueurs" in body["answer"]


@pytest.mark.parametrize(("game", "question", "lead"), [
    ("splendor", "Une partie de Splendor dure combien de temps ?", "30 min."),
    ("emblemes", "How long does a game of Emblèmes last?", "20 minutes."),
    ("emblemes", "Emblèmes, c'est à partir de quel âge ?", "10 ans."),
])
def test_a_measure_is_answered_by_the_number_bound_to_its_unit_quoted_first(client: TestClient, game: str,
                                                                            question: str, lead: str) -> None:
    body = client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert body["ruling"]["kind"] == "number" and body["answer"].startswith(lead)
    assert lead.split()[0] in body["citations"][0]["quote"], "the sentence that states it is cited first"


@pytest.mark.parametrize("game", ["emprise", "for-a-crown", "oriflamme"])
def test_a_game_length_no_sentence_gives_in_minutes_gets_no_number(client: TestClient, game: str) -> None:
    body = client.post("/v1/ask", json={"game": game, "question": "Combien de temps dure une partie ?"}).json()
    assert (body["ruling"] or {}).get("kind") != "number", body["answer"][:120]
