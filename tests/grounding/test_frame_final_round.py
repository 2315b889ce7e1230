"""Splendor: who still plays once a player reaches 15 (engine/splendor/frame_final_round.py)."""

import pytest


@pytest.mark.parametrize("question, language, verdict", [
    # the round is played out so that everyone has played as often, then the game ends
    ("On joue à 3 : Léa commence, puis Nico, puis moi. Je suis donc le dernier du tour de table et j'atteins "
     "15 points. On rejoue un tour pour que les autres puissent me rattraper ?", "fr", "non"),
    ("Three of us: Ana, Ben and me, in that order, Ana started. Ben hits 15 points. Do I still get a turn?", "en", "yes"),
    ("Three of us: Ana, Ben and me, in that order, Ana started. I reach 16 points. Does Ana play again?", "en", "no"),
])
def test_the_round_is_played_out_then_the_game_ends(grounder, question, language, verdict):
    grounded = grounder.check(question, "splendor", language)
    assert grounded is not None and grounded.check.method == "frame"
    assert grounded.check.verdict == verdict and not grounded.check.open


def test_who_still_plays_is_read_off_the_engine_s_end_of_game(grounder):
    grounded = grounder.check("On était 4 et l'ordre de jeu était Ana (qui a commencé), Ben, Chloé puis David. "
                              "Pendant son tour, Chloé est passée à 15 points. Qui joue encore avant la fin ?",
                              "splendor", "fr")
    assert grounded.check.verdict == "David"
    turns = grounder.check("Ana started, then Ben, then Cleo, then Dan. Ben reaches 15. How many more turns are played?",
                           "splendor", "en")
    assert turns.raw == 2


def test_an_unsaid_first_player_leaves_it_open(grounder):
    grounded = grounder.check("We play Ana, Ben, Cleo in that order. Ben reaches 15. Does Cleo still play?", "splendor", "en")
    assert grounded.check.open
    assert any(p.source == "default" and "first player" in p.fact for p in grounded.explanation.provenance)


@pytest.mark.parametrize("question", [
    "Ana reaches 15 points. Does Ben still play?",                                  # no seating stated
    "On joue à 4 : Ana, Ben et moi. Ana atteint 15 points. Je joue encore ?",       # four players, three placed
    "Ana started, then Ben. Ben has 12 points and 3 cards. Does Ana play again?",   # nobody reaches 15
])
def test_no_final_round_run_without_the_seating_and_the_player_who_reaches_15(grounder, question):
    grounded = grounder.check(question, "splendor", None)
    assert grounded is None or grounded.check.method == "template"
