"""Random legal games of every engine at every player count: the game's own invariants
(``State.invariant_violations``) and the core's checks after every step, and seeded replays."""

from __future__ import annotations

import pytest

from engine.core.simulate import play_random_game, simulate
from tests.engine.engines import ENGINES, player_counts
from tests.engine.playouts import assert_quiet_playout_matches_steps

CASES = [(game, players) for game in sorted(ENGINES) for players in player_counts(game)]
CHECKED_GAMES = 40


@pytest.mark.parametrize("game,players", CASES)
def test_checked_random_games_have_no_violation(game, players):
    summary = simulate(lambda: ENGINES[game](players), CHECKED_GAMES, seed=players * 1000, check=True)
    assert summary.violations == [], summary.violations[:3]
    assert summary.games == CHECKED_GAMES
    assert sum(summary.winner_seat_counts.values()) >= CHECKED_GAMES, "every game ends with a winner"


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_seed_replays_the_same_game(game):
    players = ENGINES[game].game_type.max_players
    first = play_random_game(ENGINES[game](players), seed=42, check=False)
    second = play_random_game(ENGINES[game](players), seed=42, check=False)
    assert (first.actions, first.scores, first.winners, first.event_kinds) == \
        (second.actions, second.scores, second.winners, second.event_kinds)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_first_player_win_rate_is_reported_exactly_when_the_game_has_a_first_player(game):
    game_class = ENGINES[game]
    report = simulate(lambda: game_class(game_class.game_type.min_players), 5, check=False).to_dict()
    assert (report["first_player_win_rate"] is not None) == game_class.game_type.first_player


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_quiet_playout_plays_the_game_of_the_step_loop(game):
    players = ENGINES[game].game_type.max_players
    for seed in range(3):
        quiet = play_random_game(ENGINES[game](players), seed=seed, check=False, record_events=False)
        full = play_random_game(ENGINES[game](players), seed=seed, check=False)
        assert (quiet.actions, quiet.scores, quiet.winners) == (full.actions, full.scores, full.winners)
        assert quiet.violations == [] and not quiet.event_kinds


@pytest.mark.parametrize("game,players", CASES)
def test_a_quiet_playout_ends_in_the_position_and_generator_state_of_the_step_loop(game, players):
    assert_quiet_playout_matches_steps(ENGINES[game](players), range(3))
