"""The two wrong engine checks issue 10 reports: each question gets the rules' verdict or no check, never the old one."""

import pytest


@pytest.mark.parametrize("question", [
    "I take one noble — do I get the other one later?",
    "I take one noble this turn. Do I get the other one later?",
    "J'ai reçu un noble ce tour-ci ; au tour suivant mes bonus suffisent pour un autre noble. Il vient me voir ?",
])
def test_one_noble_now_is_not_answered_by_the_two_nobles_in_one_turn_template(grounder, question):
    """Was "No" from two_nobles_same_turn; the rules: one noble per turn, the other may come on a later turn."""
    grounded = grounder.check(question, "splendor")
    assert grounded is None or grounded.raw is True


@pytest.mark.parametrize("question", [
    "la carte de niveau 2 prise au centre est-elle remplacée tout de suite ?",
    "Quand je prends une carte de niveau 2 au centre, elle est remplacée tout de suite ?",
    "The level 2 deck still has cards. I buy a face-up level 2 card: is it replaced right away?",
])
def test_a_card_taken_from_the_display_is_never_answered_from_an_empty_deck_position(grounder, question):
    """Was "un trou reste" from empty_deck_gap, whose position empties a deck the question never mentions."""
    grounded = grounder.check(question, "splendor")
    if grounded is not None:
        assert grounded.explanation.template is None or not grounded.explanation.template["template"].endswith(
            "empty_deck_gap.yaml")
        assert grounded.raw is True  # « Remplace tout de suite une carte prise au centre »
