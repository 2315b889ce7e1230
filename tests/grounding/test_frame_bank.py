"""Splendor: a take of two after earlier takes (engine/splendor/frame_bank.py): the pile is the set-up count for the
number of players less the gems said taken, and the engine's 4-token rule decides."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question, verdict", [
    ("3-player game. On turn one my opponent took 2 red gems, and nobody has put any red back since. "
     "Can I take 2 reds on my turn?", "no"),  # 5 - 2 = 3 left
    ("Partie à 2 : Paul a pris 2 jetons bleus au tour précédent. Je peux prendre 2 bleus ?", "non"),  # 4 - 2
    ("Partie à 2 : Paul a pris 1 jeton bleu, Léa 1 jeton bleu. Je peux prendre 2 bleus ?", "non"),
    ("Partie à 3 : Léa a pris 1 rubis au premier tour. Je peux prendre 2 rubis ?", "oui"),  # 5 - 1 = 4
])
def test_the_pile_is_the_setup_less_the_takes_said(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict


def test_an_unsaid_number_of_players_is_a_reading_per_count(grounder):
    grounded = grounder.check("Ana took 2 green last turn. Can I take 2 green?", "splendor")
    assert grounded.check.open and {r.verdict for r in grounded.check.readings} == {"yes", "no"}


@pytest.mark.parametrize("question", [
    "4 players. Ana took 2 green last turn. Can I take 2 green now?",  # the 4-player set-up is an assumption
    "Partie à 3 : Léa a pris 2 rubis puis elle les a rendus. Je peux prendre 2 rubis ?",  # given back
])
def test_no_pile_from_an_assumed_setup_or_after_gems_given_back(grounder, question):
    grounded = grounder.check(question, "splendor")
    assert grounded is None or grounded.check.method != "frame" or grounded.check.open


@pytest.mark.parametrize("question, verdict", [
    ("On est deux. Au premier tour Léa prend 2 jetons rouges. Juste après, Marc peut-il lui aussi prendre 2 rouges ?",
     "non"),  # the game's own "take 2" said in the present: 4 - 2
    ("Two-player game. My opponent takes 2 blue gems on her first turn. Can I take 2 blue right after?", "no"),
    ("Partie à 3 : Léa prend 2 jetons rouges. Je peux prendre 2 rouges juste après ?", "non"),  # 5 - 2
])
def test_a_take_said_in_the_present_is_a_take_before(grounder, question, verdict):
    """Session 11: the words of a take, a giving back and a time are lexicon terms (corpus/splendor/lexicon.yaml)."""
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict
