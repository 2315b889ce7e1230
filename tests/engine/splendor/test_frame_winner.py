"""Who wins a finished Splendor game the question describes: "who wins?" names the winner even when the asker
is one of the tied players (it is not "do I win?")."""

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
    ("Nina and I both finish on 17 points. I bought 14 development cards and Nina bought 11. Who wins?", "Nina"),
    ("Nina and I both finish on 17 points. I bought 14 development cards and Nina bought 11. Do I win?", "no"),
])
def test_who_wins_names_the_winner_and_do_i_win_asks_about_the_asker(grounder, question, verdict):
    answer = grounder.check(question, "splendor")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # a count coordinated with the one before it shares its subject: « j'ai 15 points et 9 cartes »
    ("J'ai 15 points et 9 cartes achetées, Léo a 15 points et 11 cartes achetées. Qui gagne ?", "toi"),
    ("Eva has 16 points and 10 cards, Finn has 16 points and 12 cards. Does Finn win?", "no"),
])
def test_a_coordinated_count_belongs_to_the_player_of_the_count_before_it(grounder, question, verdict):
    answer = grounder.check(question, "splendor")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict


@pytest.mark.parametrize("question, verdict", [
    # the game ends right away only when nobody still plays after the reacher in the round
    ("Anna, Ben and Chloe play in that order, Anna started. Ben reaches 15 points. Does the game end right away?",
     "no"),
    ("Anna, Ben and Chloe play in that order, Anna started. Chloe reaches 15 points. Does the game end right away?",
     "yes"),
    ("On joue à 3 : Léa commence, puis Nico, puis moi. J'atteins 15 points. La partie se termine immédiatement ?",
     "oui"),
])
def test_the_game_ends_right_away_only_after_the_last_seat(grounder, question, verdict):
    answer = grounder.check(question, "splendor")
    assert answer is not None and answer.check.method == "frame"
    assert answer.verdict == verdict
