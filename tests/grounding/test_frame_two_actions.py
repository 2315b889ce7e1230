"""Splendor: two of the game's actions in one turn are refused by the engine's one-action rule
(engine/splendor/frame_two_actions.py)."""

from __future__ import annotations

import pytest

GAME = "splendor"


@pytest.mark.parametrize("question", [
    "Pendant mon tour je prends 3 jetons de couleurs differentes, et je peux aussi réserver une carte dans la foulée ?",
    "Je peux réserver une carte et l'acheter direct dans le même tour ?",
    "Can I buy a card and take two gems in the same turn?",
])
def test_a_second_action_in_the_same_turn_is_refused(grounder, question: str) -> None:
    grounded = grounder.check(question, GAME)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.raw is False
    assert any("une seule action" in citation.quote for citation in grounded.citations)


@pytest.mark.parametrize("question", [
    "Je réserve une carte. Au tour suivant, je peux l'acheter ?",  # a later turn: another question
    "Can I reserve a card or buy one?",  # no same turn said: not both at once
])
def test_actions_in_different_turns_are_not_this_frame(grounder, question: str) -> None:
    grounded = grounder.check(question, GAME)
    assert grounded is None or grounded.check.scenario.get("title") != "two actions in the asker's turn"
