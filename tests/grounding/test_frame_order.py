"""Emblèmes: who holds the first-player token on a later turn, who reveals first or last (engine/emblemes/frame_order.py)."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # the token passes to the player on the left once everyone has placed (seats clockwise: a named assumption)
    ("Ana, Ben, Cleo and Dan sit clockwise. Ana has the first player token on turn 1. Who has the token on turn 2?",
     "en", "Ben"),
    ("On est 3, dans le sens horaire : Léa, moi et Hugo. Léa a le pion Premier joueur au premier tour. "
     "Qui a le pion au troisième tour ?", "fr", "Hugo"),
    # the reveal starts with the token's holder, then clockwise
    ("Zoé, Yann, Xavier et Walid, dans le sens horaire. Zoé a le pion Premier joueur. Qui révèle sa carte en dernier ?",
     "fr", "Walid"),
    ("Ana, Ben, Cleo and Dan sit clockwise. Ana has the first player token on turn 2. Who reveals second on turn 3?",
     "en", "Cleo"),
])
def test_the_order_of_play_is_read_off_the_engine(grounder, question, language, verdict):
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict and not grounded.check.open
    assert "emblemes.seat_order" in grounded.check.assumptions


def test_an_order_not_said_clockwise_is_also_read_reversed(grounder):
    grounded = grounder.check("Ana, Ben, Cleo and Dan. Ana holds the first player token. Who reveals second?", "emblemes", "en")
    assert grounded.check.open
    assert {reading.verdict for reading in grounded.check.readings} == {"Ben", "Dan"}


@pytest.mark.parametrize("question", [
    "Ana, Ben and Cleo sit clockwise. Who has the token on turn 2?",                          # no holder stated
    "Ana, Ben and Cleo sit clockwise. Ana has the first player token. Who has the token?",    # no later turn asked
    "Ana, Ben, Cleo and Dan sit clockwise. Ana has the first player token on turn 1. "
    "Who has the token on turn 4?",                                                            # beyond the round at 4
])
def test_no_order_run_without_the_holder_and_the_turn(grounder, question):
    grounded = grounder.check(question, "emblemes", "en")
    assert grounded is None or grounded.check.method == "template"
