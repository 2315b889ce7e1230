"""Questions that state a place's reward: the engine scores the round with that reward, whatever the placeholder table."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # half of 9 is 4.5, rounded up
    ("Ma Courtisane arrive sur une place « moitié de valeur » au Village : combien de pièces je gagne ?", "fr", 5),
    # a Matelot in the Port doubles its reward, a loss included
    ("My Sailor ends 3rd in the Harbour and that place pays -1 coin. How many coins do I lose?", "en", 2),
    ("Mon Garde finit 2e au Château, cette place donne 3 pièces. Combien je gagne ?", "fr", 3),
])
def test_stated_reward_is_scored_by_the_engine(grounder, question, language, verdict):
    grounded = grounder.check(question, "emblemes", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.raw == verdict and not grounded.check.open


def test_a_loss_bigger_than_the_default_purse_depends_on_the_coins_held(grounder):
    """-2 doubled is 4; with the default 3 coins the loss stops at 0 (emblemes.coins_below_zero): the answer says so."""
    grounded = grounder.check("My Sailor ends 3rd in the Harbour and that place pays -2 coins. How many coins do I lose?",
                              "emblemes", "en")
    assert grounded.check.open
    assert {reading.verdict for reading in grounded.check.readings} == {3, 4}


def test_theft_depends_on_the_number_of_players_unless_said(grounder):
    said = grounder.check("On joue à 4 : mon Roi prend la place Vol au Château. Combien de pièces je gagne ?", "emblemes", "fr")
    assert said.raw == 3  # one coin from each of the 3 others
    unsaid = grounder.check("My King takes the theft place in the Castle. How many coins do I collect?", "emblemes", "en")
    assert unsaid.check.open
    assert {reading.verdict for reading in unsaid.check.readings} == {2, 3, 4}


def test_a_place_paying_nothing_leaves_the_card_in_play(grounder):
    grounded = grounder.check("My Bard finishes 5th in the Village and the Location card gives nothing for 5th. "
                              "Is my Bard discarded at the end of the round?", "emblemes", "en")
    assert grounded.raw is False and grounded.verdict == "no"


def test_ranks_terms_and_signed_counts_are_read(grounder):
    frame = grounder.frame("Mon Matelot finit quatrième au Port, la carte Lieu indique moins 1 pièce. Je perds combien ?",
                           "emblemes", "fr")
    assert [rank.value for rank in frame.ranks] == [4]
    assert [count.negative for count in frame.counts] == [True]
    assert frame.asked.what == "lose"
    assert "reward_place" in {term.term for term in frame.terms}


def test_no_reward_position_without_a_card_of_the_asker(grounder):
    assert grounder.check("Comment marche la place Vol ?", "emblemes", "fr") is None
    assert grounder.check("What does a half value place pay?", "emblemes", "en") is None
