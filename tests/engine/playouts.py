"""Checks shared by the quiet-playout tests: ``State.random_playout`` must play the ``random_step`` loop's game."""

from __future__ import annotations

import random


def play_by_steps(state, rng: random.Random, limit: int = 10_000) -> int:
    """The reference loop: ``random_step`` until the game ends or ``limit`` steps; returns the steps played."""
    played = 0
    while played < limit and not state.is_terminal():
        state.random_step(rng)
        played += 1
    return played


def assert_quiet_playout_matches_steps(game, seeds: range) -> None:
    """For each seed: the same number of actions, the same final position and the same generator state."""
    for seed in seeds:
        stepped, quiet = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        step_rng, quiet_rng = random.Random(seed + 1), random.Random(seed + 1)
        assert quiet.random_playout(quiet_rng, 10_000) == play_by_steps(stepped, step_rng), seed
        assert quiet.to_dict() == stepped.to_dict(), seed
        assert quiet_rng.getstate() == step_rng.getstate(), seed  # the same draws, so the next game is the same too
