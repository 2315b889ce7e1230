"""The quiet playout (``EmpriseState.random_playout``) plays the games of the ``random_step`` loop."""

from __future__ import annotations

import random

import pytest

from engine.emprise import EmpriseGame
from engine.emprise import assumptions as A
from tests.engine.playouts import assert_quiet_playout_matches_steps, play_by_steps

READINGS = [
    {},
    {A.ABILITY_TIMING: "after_combat", A.ARCHERS_RANGE: "two_squares", A.ARCHERS_BLOCKING: "shoots_over_own_cards",
     A.RANGED_TIES: "adjacent_only", A.PIQUES_PIERCE: "through_own_cards"},
    {A.CENDRES_PULL: "pull_after_combat", A.PESTIFERES_STACK: "once", A.PESTIFERES_OWN: "enemy_cards_only",
     A.ABYSSES_SCOPE: "same_side", A.CHIMERES_FLIP: "mirror_value", A.ONDE_ORDER: "depth_first", A.ONDE_REACH: "neighbours_only",
     A.SUDDEN_DEATH_FIRST: "non_opener", A.SUDDEN_DEATH_ROUNDS: "always_two_rounds"},
]


@pytest.mark.parametrize("assumptions", READINGS)
def test_quiet_playout_reaches_the_position_of_the_step_loop(assumptions):
    game = EmpriseGame(2, assumption_overrides=assumptions)
    assert_quiet_playout_matches_steps(game, range(150))


def test_a_quiet_playout_can_start_and_stop_in_the_middle_of_a_duel():
    game = EmpriseGame(2)
    for seed in range(40):
        stepped, quiet = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        step_rng, quiet_rng = random.Random(seed), random.Random(seed)
        head = seed % 17
        assert play_by_steps(stepped, step_rng, head) == quiet.random_playout(quiet_rng, head) == head
        assert quiet.to_dict() == stepped.to_dict()
        quiet.random_playout(quiet_rng, 10_000)
        play_by_steps(stepped, step_rng)
        assert quiet.to_dict() == stepped.to_dict() and quiet.is_terminal()


def test_a_quiet_playout_from_a_mort_subite_position_plays_the_reserve():
    game = EmpriseGame(2)
    tied = 0
    for seed in range(400):
        state = game.new_initial_state(random.Random(seed))
        rng = random.Random(seed)
        state.random_playout(rng, 17)  # the 16 cards and the count
        if state.to_dict()["phase"] != "sudden_death":
            continue
        tied += 1
        copy = game.state_from_dict(state.to_dict())
        copy_rng = random.Random()
        copy_rng.setstate(rng.getstate())
        assert state.random_playout(rng, 100) == play_by_steps(copy, copy_rng)
        assert state.to_dict() == copy.to_dict()
    assert tied  # the placeholder deck ties some duels: the Mort Subite path ran


def test_a_finished_duel_plays_nothing_more():
    state = EmpriseGame(2).new_initial_state(random.Random(3))
    rng = random.Random(3)
    state.random_playout(rng, 10_000)
    before = rng.getstate()
    assert state.random_playout(rng, 10) == 0 and rng.getstate() == before
