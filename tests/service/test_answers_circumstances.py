"""The circumstance a question tells and the rule written for it (service/answers/circumstances.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from service.answers.circumstances import circumstance, meets

_FOR_EVENTS = "Quand un Événement est révélé : toutes les familles concernées appliquent l’effet."
_LEAST_INFLUENTIAL = "Coup de pouce magique : La famille la moins influente lance le dé magique et applique son effet."
_TOKEN_PASSES = "Une fois que tout le monde a posé sa carte, le pion Premier joueur passe au joueur à gauche."
_SNEAKIEST = "Le joueur le plus fourbe de la table (oui, c’est subjectif, et c’est drôle) reçoit le pion Premier joueur."


@pytest.mark.parametrize(("question", "language", "told"), [
    ("Que se passe-t-il si mon rang est égal à celui de la carte d'en face ?", "fr", {"rang", "egal", "face"}),
    ("What happens to my twin when Paul eliminates my prince?", "en", {"elimin", "princ"}),
    ("Le coupe-jarret de Léa élimine mon guet-apens : qu'est-ce qui arrive ?", "fr", {"elimin", "guet"}),
])
def test_the_circumstance_is_a_condition_clause_or_the_clause_told_before_the_asking_one(
        question: str, language: str, told: set[str]) -> None:
    assert told <= circumstance(question, language, asked=True)


@pytest.mark.parametrize("question", ["Qui commence un duel d'EMPRISE ?",
                                      "Where do eliminated cards end up, and can I look at them?"])
def test_a_question_that_only_asks_tells_no_circumstance(question: str) -> None:
    assert circumstance(question, "en" if question.startswith("Where") else "fr", asked=True) == frozenset()


def test_the_rule_written_for_the_circumstance_meets_it_and_a_neighbour_sharing_its_words_does_not() -> None:
    told = circumstance("Quand un Événement est révélé, qui applique l'effet ?", "fr", asked=True)
    assert meets(told, _FOR_EVENTS, "fr")
    assert not meets(told, _LEAST_INFLUENTIAL, "fr")
    told = circumstance("Une fois que tout le monde a joué sa carte, à qui passe le pion Premier joueur ?", "fr", asked=True)
    assert meets(told, _TOKEN_PASSES, "fr"), "« posé » for « joué »: most of the circumstance is still said"
    assert not meets(told, _SNEAKIEST, "fr"), "the pawn and the table are the question's object, not its circumstance"


@pytest.mark.integration
@pytest.mark.parametrize(("game", "question", "first_quote", "not_said"), [
    ("for-a-crown", "Quand un Événement est révélé, qui applique l'effet ?", "toutes les familles concernées",
     "La famille la moins influente."),
    ("emblemes", "Une fois que tout le monde a joué sa carte, à qui passe le pion Premier joueur ?",
     "passe au joueur à gauche", "Le joueur le plus fourbe"),
])
def test_a_who_question_telling_a_circumstance_quotes_its_rule_first_and_names_no_neighbours_doer(
        real_client: TestClient, game: str, question: str, first_quote: str, not_said: str) -> None:
    body = real_client.post("/v1/ask", json={"game": game, "question": question}).json()
    assert body["ruling"]["kind"] == "rule"
    assert not body["answer"].startswith(not_said)
    assert first_quote in body["answer"].split("»")[0]


@pytest.mark.integration
def test_the_role_the_rule_for_the_circumstance_names_itself_still_rules(real_client: TestClient) -> None:
    body = real_client.post("/v1/ask", json={"game": "oriflamme", "question": "En cas d'égalité à la fin, qui gagne ?"}).json()
    assert body["ruling"]["kind"] == "person"
    assert body["answer"].startswith("Le joueur ayant le plus de cartes de sa famille")
