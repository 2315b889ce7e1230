"""Random legal playouts through ``apply`` (invariants, no rejected legal action), equal turns, the fast sampler.

Checked playouts with round-trips and seeded replays are registry-driven (``tests/engine/test_simulation.py``)."""

import random

import pytest

from engine.core.game import random_action_by_listing
from engine.splendor import GAME

GAMES_PER_PLAYER_COUNT = {2: 1000, 3: 600, 4: 400}


@pytest.mark.parametrize("players", sorted(GAMES_PER_PLAYER_COUNT))
def test_random_games_keep_every_invariant_after_every_step(players):
    game = GAME(players)
    for seed in range(GAMES_PER_PLAYER_COUNT[players]):
        rng = random.Random(players * 100_000 + seed)
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            events = state.apply(action)
            assert not any(event.is_rejection for event in events), (seed, action, events)
            assert state.invariant_violations() == [], (seed, action)
        assert events[-1].kind == "game_over"


def test_every_finished_game_has_equal_turns_and_a_winner_with_the_most_prestige():
    game = GAME(3)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert state.turn % 3 == 0
        best = max(state.scores())
        assert all(state.scores()[w] == best for w in state.winners())


def test_the_fast_random_action_draws_exactly_like_the_reference_sampler():
    game = GAME(2)
    fast, reference = game.new_initial_state(random.Random(3)), game.new_initial_state(random.Random(3))
    fast_rng, reference_rng = random.Random(9), random.Random(9)
    while not fast.is_terminal():
        action = fast.random_action(fast_rng)
        assert action == random_action_by_listing(reference, reference_rng)
        fast.apply(action)
        reference.apply(action)
    assert reference.is_terminal()
