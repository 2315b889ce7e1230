"""Splendor's token limit (engine/splendor/frame_token_limit.py): how many go back, whether any must, which may."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question, verdict", [
    ("J'ai 9 jetons et je prends 3 jetons de couleurs differentes. Combien je dois en rendre ?", 2),
    ("I hold 9 tokens and take 2 black from a pile of 5. How many tokens must I return?", 1),
    ("J'ai 8 jetons dont 1 or, je prends 2 jetons rouges. Combien je dois en rendre ?", 0),
    ("I hold 8 gems and 2 gold, then I reserve a card and take a gold. Do I have to give a token back?", "yes"),
    ("J'ai 9 jetons, je réserve une carte et je prends un or. Je dois rendre un jeton ?", "non"),
    ("J'ai 7 jetons et je prends 3 jetons de couleurs différentes. Je dois rendre des jetons ?", "non"),
])
def test_the_engine_counts_the_tokens_over_ten_gold_included(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    ("I had 10 tokens and just took 3 more. Can I give back the ones I just took?", "yes"),
    ("J'ai 10 jetons et je prends 3 jetons de couleurs différentes. Je peux rendre ceux que je viens de prendre ?", "oui"),
    ("I'm at 10 tokens, two of them gold. I take 3 different gems. Am I allowed to give back my two golds?", "yes"),
    ("J'ai 10 jetons dont 2 or. Je prends 3 jetons de couleurs différentes. Je peux rendre mes 2 jetons or ?", "oui"),
])
def test_the_tokens_returned_are_the_askers_choice(grounder, question, verdict):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict
    steps = grounded.check.scenario["steps"]
    assert [step["type"] for step in steps][-1] == "return"


@pytest.mark.parametrize("question", [
    "I hold 9 tokens and take 2 black from a pile of 3. How many tokens must I return?",  # the take itself is refused
    "I hold 10 tokens, none of them gold. I take 3 different gems. Can I give back my 2 golds?",  # no gold held
    "Can I give back tokens?",  # nothing held, no move
])
def test_no_count_when_the_move_is_refused_or_the_position_is_not_said(grounder, question):
    grounded = grounder.check(question, "splendor")
    assert grounded is None or grounded.check.method != "frame" or grounded.check.verdict not in (0, 1, "yes", "no")


@pytest.mark.parametrize("question, winner", [
    ("Final tally: Ana has 15 points, all from cards. Ben has 13 from cards plus a noble tile worth 3. Who wins?", "Ben"),
    ("Fin de partie : Marie a 14 points en cartes et un noble, Paul a 16 points. Qui gagne ?", "Marie"),
    ("Fin de partie : Marie a 14 points de cartes plus 1 noble, Paul a 16 points. Qui gagne ?", "Marie"),
    ("Fin de partie : Léo a 12 points grâce à ses cartes et 2 nobles, Jade a 17 points. Qui gagne ?", "Léo"),
    ("Ana and Bob both end on 15. Ana bought 8 development cards and has 2 nobles; Bob bought 9 cards and has no noble. "
     "Who wins?", "Ana"),  # points said as totals: the nobles are in them
])
def test_splendor_final_tally_adds_the_nobles_to_points_said_from_cards(grounder, question, winner):
    grounded = grounder.check(question, "splendor")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == winner


def test_splendor_points_and_a_noble_said_without_saying_how_is_left_open(grounder):
    grounded = grounder.check("Fin de partie : Marie a 14 points et un noble, Paul a 16 points. Qui gagne ?", "splendor")
    assert grounded.check.open and {r.verdict for r in grounded.check.readings} == {"Marie", "Paul"}


def test_splendor_a_noble_worth_other_than_three_is_no_position(grounder):
    assert grounder.check("End of game: Zoe has 12 points from her cards and a noble worth 4, Max has 15. Who wins?",
                          "splendor") is None


@pytest.mark.parametrize("question, verdict", [
    ("Rita, Sam and Tess are tied at 18 gold after round 3, and Tess has the first player token. Who wins?", "Tess"),
    ("Après la 3e manche, Rita, Sam et Tess sont à égalité avec 18 pièces et Sam a le pion premier joueur. Qui gagne ?",
     "Sam"),
    ("After the third round, Julie has 22 coins, Karim 19 and Lucas 25. Who wins?", "Lucas"),
    ("Après la 3e manche, Julie a 22 pièces, Karim 19 et Lucas 25. Qui gagne ?", "Lucas"),
])
def test_emblemes_winner_with_a_round_said_and_the_token_holder_unsaid_when_it_cannot_matter(grounder, question, verdict):
    grounded = grounder.check(question, "emblemes")
    assert grounded is not None and grounded.check.method == "frame" and grounded.check.verdict == verdict
    assert not grounded.check.open


def test_emblemes_a_tie_with_the_token_holder_unsaid_depends_on_it(grounder):
    grounded = grounder.check("Fin de partie : Julie, Karim et Lucas finissent à égalité avec 20 pièces. Qui gagne ?",
                              "emblemes")
    assert grounded.check.open and len({r.verdict for r in grounded.check.readings}) > 1
