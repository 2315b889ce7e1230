"""What the asking clause asks: the words after a colon first; a relative "which" is no choice."""

import pytest


def test_the_ask_after_a_colon_wins_over_a_fact_before_it(grounder):
    frame = grounder.frame("I eliminate Paul's Queen: how many points do I gain?", "oriflamme", "en")
    assert frame.asked.what == "gain"


def test_without_a_colon_the_first_ask_of_the_clause_is_read(grounder):
    frame = grounder.frame("Can my Cutthroat eliminate Paul's Queen?", "oriflamme", "en")
    assert frame.asked.what == "target"


@pytest.mark.parametrize(("question", "verdict"), [
    ("Can I put my card over my own card, which is already revealed?", "yes"),
    ("Can I put my card on Paul's card, which is face down?", "no"),
])
def test_a_relative_which_leaves_the_question_yes_no(grounder, question, verdict):
    grounded = grounder.check(question, "oriflamme", "en")
    assert grounded is not None and grounded.verdict == verdict
