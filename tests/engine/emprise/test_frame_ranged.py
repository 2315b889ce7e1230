"""An Archer's capture at range, read from the question (engine/emprise/frame_ranged.py, session 11).

The position is told by the squares (``a1`` … ``e4``) or by a distance and a direction, and by the two ranks that face
each other; the squares between must be said empty. Questions in both languages, worded as players write them (not
the probe's); the refused ones leave the line open or state a rank on a side that does not face the other card.
"""

from __future__ import annotations

import pytest

from service.core.config import get_settings
from service.grounding.grounder import Grounder


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    loaded = Grounder(get_settings().corpus_dir)
    loaded.warm_up()
    return loaded


@pytest.mark.parametrize("question,verdict", [
    # (a sentence of its own saying only "d2 est vide." is blanked as chatter by service/grounding/aside.py: a
    # square's name is no game word there yet)
    ("Mon Archer arrive en e2 avec 7 à gauche. La carte de Zoé est en c2 et montre 5 à droite, d2 est vide. Il la "
     "prend ?", "oui"),
    ("My Archer lands on a3 with a right rank of 4; Bob's card is on c3 with 4 on its left, b3 is empty. Does my "
     "Archer take it?", "no"),  # a tie takes nothing
    ("I place my Archer with 8 on top. Two squares above it, with an empty square between, sits Tom's card with 2 at "
     "the bottom. Does it capture Tom's card?", "yes"),
    ("Mon archer a 3 en bas ; deux cases plus bas, case vide entre les deux, une carte de Léo avec 6 en haut. Je la "
     "capture ?", "non"),
])
def test_an_archer_at_range_compares_the_ranks_that_face_each_other(grounder, question, verdict):
    answer = grounder.check(question, "emprise")
    assert answer is not None and answer.check.method == "frame", question
    assert answer.verdict == verdict and not answer.check.open


def test_an_archer_three_squares_away_depends_on_its_range(grounder):
    answer = grounder.check("My Archer is on a2 with 6 on its right; Eva's card is on d2 with 2 on its left, b2 and c2 "
                            "are empty. Does my Archer take it?", "emprise")
    assert answer is not None and answer.check.open
    readings = {r.about: r.verdict for r in answer.check.readings}
    assert readings["neutral defaults"] == "yes" and readings["emprise.archers_range"] == "no"


@pytest.mark.parametrize("question", [
    # the square between is not said empty
    "Mon Archer arrive en e2 avec 7 à gauche. La carte de Zoé est en c2 et montre 5 à droite. Il la prend ?",
    # the Archer's stated rank does not face the target
    "Mon Archer arrive en e2 avec 7 en haut. La carte de Zoé est en c2 et montre 5 à droite ; d2 est vide. Il la "
    "prend ?",
    # not in one line
    "My Archer lands on a1 with 6 on its right; Bob's card is on c2 with 3 on its left, b1 is empty. Does it take it?",
])
def test_an_archer_at_range_not_fully_told_gets_no_frame(grounder, question):
    answer = grounder.check(question, "emprise")
    assert answer is None or answer.check.method != "frame"
