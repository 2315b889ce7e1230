"""A choice among the question's own candidates: either-or alternatives, and the things a "which" question names."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from service.answers.choices import alternatives, choose, named_candidates
from service.answers.rulings import Ruling
from service.answers.wording import answer_text


@pytest.mark.parametrize(("question", "left", "right"), [
    ("Ouvrir le duel, c'est plutôt un avantage ou un désavantage ?", "un avantage", "un désavantage"),
    ("dans la galerie c'est mieux d'etre a gauche ou a droite ?", "a gauche", "a droite"),
    ("When we place cards, do they go face up or face down, and who places first?", "face up", "face down"),
])
def test_the_alternatives_are_read_on_each_side_of_or(question: str, left: str, right: str) -> None:
    found = alternatives(question)
    assert found is not None
    assert (found[0].text, found[1].text) == (left, right)
    assert not found[0].telling & found[1].telling


@pytest.mark.parametrize("question", [
    "Les récompenses sont inversées ou pas ?",  # asks yes or no
    "Can I still reserve a card or not?",
    "Only one action or more?",  # asks how many
    "Où je pose ma carte ?",  # "où" is where, not or
    "Je pose ma carte à gauche ou à droite ou au milieu ?",  # more than two: not read
    "Tell me what happens.",
])
def test_no_alternatives_when_the_question_asks_no_choice_between_two_things(question: str) -> None:
    assert alternatives(question) is None


def test_a_sentence_that_states_one_alternative_alone_decides() -> None:
    question = "Ouvrir le duel, c'est plutôt un avantage ou un désavantage ?"
    options = alternatives(question)
    sentences = ["Le premier joueur est tiré au sort.",  # off topic: read, passed over
                 "Celui qui a ouvert le duel ne pose pas la dernière carte, un vrai désavantage."]
    chosen = choose(question, options, sentences, "fr")
    assert (chosen.chosen.text, chosen.how, chosen.index) == ("un désavantage", "stated", 1)


@pytest.mark.parametrize("sentence", [
    "La carte se place à gauche ou à droite de la carte présente.",  # both: no choice
    "La carte ne se place jamais à droite.",  # negative: it may be saying the opposite
    "Placez votre carte dans la file.",  # neither
])
def test_no_choice_when_the_sentence_holds_both_neither_or_a_negated_one(sentence: str) -> None:
    question = "Je place ma carte à gauche ou à droite ?"
    assert choose(question, alternatives(question), [sentence], "fr", ("stated",)) is None


def test_a_sentence_that_states_one_alternative_and_leaves_the_other_out_decides() -> None:
    question = "Quelle carte peut-on éliminer, le Roi ou la Reine ?"
    options = alternatives(question)
    chosen = choose(question, options, ["On peut éliminer la Reine, jamais le Roi."], "fr", ("stated",))
    assert (chosen.chosen.text, chosen.how) == ("la Reine", "stated")
    # The Roi is denied, the Reine is left out: nothing is stated.
    assert choose(question, options, ["Le Roi ne peut jamais être éliminé, sauf par la Reine."], "fr") is None


def test_leaving_one_alternative_out_does_not_answer_the_other() -> None:
    question = "A covered card, can it still receive influence or be attacked?"
    rule = "A covered card cannot be revealed, nor receive more Influence points, nor be taken as a target."
    assert choose(question, alternatives(question), [rule], "en", ("stated",)) is None


def test_the_things_a_question_names_are_its_candidates_players_left_out() -> None:
    question = "Mon Alchimiste se retrouve entre l'Alchimiste de Hugo et une Guerrière. Quel effet je peux copier ?"
    named = named_candidates(question)
    assert [c.text for c in named] == ["Alchimiste", "Guerrière"]
    rule = "L’Alchimiste ne peut copier qu’un effet immédiat d’une carte adjacente, sauf d’un autre Alchimiste."
    chosen = choose(question, named, [rule], "fr", ("excluded",))
    assert (chosen.chosen.text, chosen.how) == ("Guerrière", "excluded")
    # Named things are never "stated": a rule naming one of them is about it, not choosing it.
    assert choose(question, named, ["L’Alchimiste copie l’effet immédiat d’une carte adjacente."], "fr",
                  ("excluded",)) is None


def test_an_english_choice_reads_the_translation_with_english_exceptions() -> None:
    question = "Which effect can my Alchemist copy, between another Alchemist and a Warrior?"
    named = named_candidates(question)
    rule = "The Alchemist copies the immediate effect of an adjacent card, except another Alchemist."
    assert choose(question, named, [rule], "en", ("excluded",)).chosen.text == "Warrior"


@pytest.mark.parametrize(("language", "value", "opening"), [
    ("fr", "un désavantage", "Un désavantage. « "),
    ("en", "face down", "Face down. “"),
])
def test_a_choice_ruling_leads_in_the_question_s_own_words(language: str, value: str, opening: str) -> None:
    class Quote:
        text, english = "Posez-la face cachée.", "Place it face down."

    assert answer_text(language, Ruling("choice", value=value), [Quote()]).startswith(opening)


def test_an_either_or_question_gets_the_alternative_the_rule_states_over_http(client: TestClient) -> None:
    _assert_choice(client, "Ouvrir le duel, c'est un avantage ou un désavantage ?", "un désavantage")


@pytest.mark.integration
def test_an_english_either_or_question_gets_the_alternative_the_french_rule_states(real_client: TestClient) -> None:
    # The real retriever: the word-overlap double shares no word with the French rule but "duel".
    _assert_choice(real_client, "Whoever opens the duel, is that an advantage or a disadvantage?", "a disadvantage")


def _assert_choice(client: TestClient, question: str, value: str) -> None:
    body = client.post("/v1/ask", json={"game": "emprise", "question": question}).json()
    assert body["ruling"]["kind"] == "choice"
    assert body["ruling"]["value"] == value
    lead = body["answer"].split(" « ")[0].split(" “")[0]
    # the chosen alternative leads; the deciding rule's spelled-out counts may follow it in brackets
    assert re.fullmatch(re.escape(f"{value[:1].upper()}{value[1:]}") + r"( \([^)]*\))?\.", lead), lead
    assert "désavantage" in body["citations"][0]["quote"]  # the sentence that decides is cited first
