"""Front-matter questions: the stated player range is the ruling; a field the rulebook leaves null is unanswerable."""

from __future__ import annotations

import pytest

from language import COUNT, POLAR
from service.answers.answer_types import expected_answers
from service.answers.metadata import PlayerRange, proposed_players, stated_players, unstated_field, unstated_measure
from service.answers.rulings import players_ruling
from service.answers.wording import answer_text


def test_player_count_question_on_a_null_field_is_unstated() -> None:
    expectations = expected_answers("Ça se joue à combien de joueurs ?")
    assert unstated_field(expectations, {"players": None}) == "players"
    assert unstated_field(expected_answers("How many players is it for?"), {"players": None}) == "players"


def test_stated_or_absent_field_decides_nothing() -> None:
    expectations = expected_answers("Ça se joue à combien de joueurs ?")
    assert unstated_field(expectations, {"players": {"min": 2, "max": 4}}) is None
    assert unstated_field(expectations, {}) is None


@pytest.mark.parametrize(("question", "rules", "lacking"), [
    ("Combien de temps dure une partie ?", "La partie se joue en 4 manches.\nChaque manche compte 3 tours.", "duration"),
    ("How long does a game take?", "La partie se joue en 4 manches.", "duration"),
    ("Combien de temps dure une partie ?", "Un jeu pour 3 à 5 joueurs, qui se joue en environ 20 minutes.", None),
    ("Combien de temps dure une partie ?", "Le tutoriel vous apprend tout en quelques minutes.", "duration"),  # unbound
    ("À partir de quel âge peut-on jouer ?", "La partie se joue en 4 manches.", "age"),
    ("What age is it for?", "Âge\n10 ans et +", None),
    ("Combien de manches dans une partie ?", "Rien sur la durée.", None),  # a count, not a measure
    ("Quelle est la durée d'une partie ?", "La partie se joue en 4 manches.", "duration"),
    ("What is the minimum age?", "La partie se joue en 4 manches.", "age"),
    ("How much time does a game take?", "Durée\n30 min", None),
    ("On joue les cartes en même temps ?", "La partie se joue en 4 manches.", None),  # « temps » asks no measure
])
def test_a_measure_no_line_of_the_rules_gives_is_unstated(question: str, rules: str, lacking: str | None) -> None:
    assert unstated_measure(question, expected_answers(question), rules) == lacking


def test_other_numbers_are_not_metadata() -> None:
    assert unstated_field(expected_answers("On pioche combien de cartes ?"), {"players": None}) is None
    assert unstated_field(expected_answers("Qui commence ?"), {"players": None}) is None


@pytest.mark.parametrize(("question", "count"), [
    ("On est que deux ce soir, on peut quand même jouer à Emblèmes ?", 2),
    ("Peut-on jouer à 6 joueurs ?", 6),
    ("Can we play with 6 players?", 6),
    ("Is Emblèmes playable with five?", 5),
    ("Can I play the Queen with 2 cards?", None),  # "2 cards" counts cards
    ("We are 4 players. I reveal the Courtesan last this turn: can I still swap a card?", None),  # a situation
    ("Combien de cartes en main ?", None),
    ("On est 6 à vouloir jouer à For a Crown ce soir, c'est possible ?", 6),  # wish and evening describe nothing
    ("We are 7 friends, can we play?", 7),
    ("Can 6 of us play together tonight?", 6),
    ("On est 6 à jouer, je pose ma Reine sur la pile de Marc : elle est éliminée ?", None),  # a situation
])
def test_a_can_we_play_with_n_question_names_its_player_count(question: str, count: int | None) -> None:
    assert proposed_players(question, "Emblèmes") == count


def test_the_stated_range_reads_the_front_matter() -> None:
    assert stated_players({"players": {"min": 3, "max": 5}}) == PlayerRange(3, 5)
    assert stated_players({"players": None}) is None and stated_players({}) is None
    assert stated_players({"players": {"min": 5, "max": 3}}) is None
    assert PlayerRange(3, 5).phrase("fr") == "3 à 5 joueurs" and PlayerRange(2, 2).phrase("en") == "2 players"
    assert "2–4" in PlayerRange(2, 4).spellings()


@pytest.mark.parametrize(("form", "asks_count", "proposed", "kind"), [
    (COUNT, True, None, "number"),
    (POLAR, False, 2, "no"),
    (POLAR, False, 4, "yes"),
    (POLAR, False, None, "rule"),
    (COUNT, False, None, "rule"),
])
def test_the_player_ruling_is_the_range_or_whether_n_lies_in_it(form: str, asks_count: bool, proposed: int | None,
                                                                kind: str) -> None:
    ruling = players_ruling(form, PlayerRange(3, 5), asks_count, proposed)
    assert ruling.kind == kind
    assert ruling.stated == (kind != "rule")
    if ruling.stated:
        assert (ruling.value, ruling.english) == ("3 à 5 joueurs", "3 to 5 players")
    assert players_ruling(form, None, asks_count, proposed).kind == "rule"


def test_a_stated_yes_no_ruling_says_what_it_rests_on_in_the_askers_language() -> None:
    ruling = players_ruling(POLAR, PlayerRange(3, 5), False, 2)
    assert answer_text("fr", ruling, []).startswith("Non : 3 à 5 joueurs.")
    assert answer_text("en", ruling, []).startswith("No: 3 to 5 players.")
