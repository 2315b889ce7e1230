"""The token limit of a named player's own turn, and a move whose verb comes before its object."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.grounding import Grounder

CORPUS = Path(__file__).resolve().parents[3] / "corpus"


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    grounder = Grounder(CORPUS)
    grounder.warm_up()
    return grounder


@pytest.mark.parametrize("question, verdict", [
    ("Paul a 10 jetons et prend 2 jetons de la même couleur. Combien de jetons doit-il rendre ?", 2),
    ("Nora has 9 tokens. She takes 2 tokens of the same colour. How many does she return?", 1),
    ("Lena has 8 tokens and takes 3 tokens of different colours. Does she have to give any back?", "yes"),
])
def test_a_single_named_player_is_the_one_whose_turn_it_is(grounder, question, verdict):
    answer = grounder.check(question, "splendor")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


def test_a_named_player_beside_the_asker_is_not_guessed(grounder):
    answer = grounder.check("Paul has 8 tokens and I take 3 different ones. How many must I give back?", "splendor")
    assert answer is None or answer.check.method != "frame"
