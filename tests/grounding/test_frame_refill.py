"""Splendor: what fills the display after the asker takes a face-up card (engine/splendor/frame_refill.py)."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # a card taken from the display is replaced at once by one of the same level
    ("Je réserve une des cartes visibles du niveau 2. On la remplace au centre ?", "fr", True),
    ("I buy a face-up level 1 card. Is it replaced by a level 1 card?", "en", True),
    ("I buy a face-up level 1 card. Is it replaced by a level 2 card?", "en", False),
    # an empty deck leaves the gap: nothing of another level fills it
    ("The level 3 deck is empty. I buy one of the visible level 3 cards — do we fill the gap with a level 2 card?",
     "en", False),
    ("La pioche de niveau 2 est vide. J'achète une carte visible de niveau 2 : est-ce qu'on la remplace ?", "fr", False),
])
def test_the_engine_refills_the_display_or_leaves_a_gap(grounder, question, language, verdict):
    grounded = grounder.check(question, "splendor", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.raw is verdict
    assert not grounded.check.open


def test_face_up_cards_after_a_purchase_from_a_level_whose_deck_is_empty(grounder):
    grounded = grounder.check("Level 2's deck is empty and I just bought a level 2 card from the display. "
                              "How many level 2 cards are face up now?", "splendor", "en")
    assert grounded.check.method == "frame" and grounded.raw == 3
    full = grounder.check("I just bought a level 2 card from the display. How many level 2 cards are face up now?",
                          "splendor", "en")
    assert full.raw == 4  # the deck holds cards unless the question says it is empty (a default, shown)
    assert any(p.source == "default" and "deck" in p.fact for p in full.explanation.provenance)


def test_an_unsaid_level_is_each_level(grounder):
    grounded = grounder.check("J'achète une carte du centre. Elle est remplacée par une carte de niveau 1 ?", "splendor", "fr")
    assert grounded.check.open  # a level 1 card replaces only a level 1 card
    assert {reading.verdict for reading in grounded.check.readings} == {"oui", "non"}


@pytest.mark.parametrize("question", [
    "I reserve the top card of the level 1 deck. Is it replaced?",     # no face-up card is taken
    "J'achète une carte que j'avais réservée. On la remplace ?",       # from the asker's reserve, not the display
    "Léa buys a level 1 card. Is it replaced?",                         # another player's move
    "I pay with a gold token. Does the gold replace a ruby?",          # a token stands in, no card is replaced
])
def test_no_refill_run_when_no_display_card_is_taken_by_the_asker(grounder, question):
    grounded = grounder.check(question, "splendor", "en")
    assert grounded is None or grounded.check.method == "template"
