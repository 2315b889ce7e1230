"""The quiet playout (engine/for_a_crown/playout.py) plays the games of the ``random_step`` loop."""

from __future__ import annotations

import random

import pytest

from engine.core.simulate import play_random_game
from engine.for_a_crown import GAME
from tests.engine.playouts import assert_quiet_playout_matches_steps, play_by_steps

READINGS = [
    {},
    {"for-a-crown.ruby_payment": "any_mix", "for-a-crown.influence_blocked": "swap_with_neighbour"},
    {"for-a-crown.galerie_zones": "thirds_by_square", "for-a-crown.burglary_nobody": "everyone_loses",
     "for-a-crown.galerie_squares": "players_plus_two", "for-a-crown.final_adjustments": "none"},
]


@pytest.mark.parametrize("assumptions", READINGS)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_quiet_playout_reaches_the_position_of_the_step_loop(players, assumptions):
    game = GAME(players, assumption_overrides=assumptions)
    assert_quiet_playout_matches_steps(game, range(40))


def test_a_quiet_playout_can_start_and_stop_in_the_middle_of_a_game():
    game = GAME(4)
    for seed in range(30):
        stepped, quiet = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        step_rng, quiet_rng = random.Random(seed), random.Random(seed)
        for _ in range(seed * 3):  # into a recruitment, a reveal or a pending decision
            stepped.random_step(step_rng)
            quiet.random_step(quiet_rng)
        assert quiet.random_playout(quiet_rng, 25) == 25
        for _ in range(25):
            stepped.random_step(step_rng)
        assert quiet.to_dict() == stepped.to_dict()  # the pending decisions written back, top first
        quiet.random_playout(quiet_rng, 10_000)
        play_by_steps(stepped, step_rng)
        assert quiet.to_dict() == stepped.to_dict()


def test_a_generator_of_another_class_plays_through_random_step():
    class Counted(random.Random):
        pass

    quiet, stepped = GAME(3).new_initial_state(random.Random(5)), GAME(3).new_initial_state(random.Random(5))
    assert quiet.random_playout(Counted(9), 10_000) == play_by_steps(stepped, Counted(9))
    assert quiet.to_dict() == stepped.to_dict()


def test_a_quiet_game_record_has_the_scores_and_winners_without_event_counts():
    game = GAME(4)
    for seed in range(10):
        quiet = play_random_game(game, seed, check=False, record_events=False)
        full = play_random_game(game, seed, check=False)
        assert (quiet.scores, quiet.winners, quiet.actions) == (full.scores, full.winners, full.actions)
        assert not quiet.event_kinds and full.event_kinds and quiet.violations == []


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_setup_draws_as_random_shuffle_does(players):
    class Shuffling(random.Random):  # another class: the setup calls its own shuffle
        pass

    game = GAME(players)
    for seed in range(30):
        ours, theirs = random.Random(seed), Shuffling(seed)
        assert game.new_initial_state(ours).to_dict() == game.new_initial_state(theirs).to_dict()
        assert ours.getstate() == theirs.getstate()
