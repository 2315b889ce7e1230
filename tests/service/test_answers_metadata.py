"""Front-matter questions: a number asked for a field the rulebook leaves null is unanswerable."""

from __future__ import annotations

from service.answers.answer_types import expected_answers
from service.answers.metadata import unstated_field


def test_player_count_question_on_a_null_field_is_unstated() -> None:
    expectations = expected_answers("Ça se joue à combien de joueurs ?")
    assert unstated_field(expectations, {"players": None}) == "players"
    assert unstated_field(expected_answers("How many players is it for?"), {"players": None}) == "players"


def test_stated_or_absent_field_decides_nothing() -> None:
    expectations = expected_answers("Ça se joue à combien de joueurs ?")
    assert unstated_field(expectations, {"players": {"min": 2, "max": 4}}) is None
    assert unstated_field(expectations, {}) is None


def test_other_numbers_are_not_metadata() -> None:
    assert unstated_field(expected_answers("On pioche combien de cartes ?"), {"players": None}) is None
    assert unstated_field(expected_answers("Qui commence ?"), {"players": None}) is None
