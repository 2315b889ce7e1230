"""Each engine's descriptor (``GameType``) is what its states do: checked over random games of every engine."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.game import CHANCE, SIMULTANEOUS, TERMINAL
from engine.core.game_type import DETERMINISTIC, EXPLICIT_CHANCE, IMPERFECT, PERFECT, SEQUENTIAL
from tests.engine.engines import CORPUS, ENGINES, REGISTERED, player_counts

CASES = [(game, players) for game in sorted(ENGINES) for players in player_counts(game)]
GAMES_PER_CASE = 15


def _random_states(game_class, players: int, seed: int):
    """Every state of one random game (the same object, yielded after each step)."""
    rng = random.Random(seed)
    state = game_class(players).new_initial_state(rng)
    yield state
    while not state.is_terminal():
        state.random_step(rng)
        yield state


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_descriptor_names_the_game(game):
    game_class = ENGINES[game]
    game_type = game_class.game_type
    assert (game_class.id, game_class.title) == (game_type.id, game_type.title) and game_type.id == game
    assert (game_class.min_players, game_class.max_players) == (game_type.min_players, game_type.max_players)
    for players in (game_type.min_players - 1, game_type.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            game_class(players)
    json.dumps(game_type.to_dict())


@pytest.mark.parametrize("game", REGISTERED)
def test_registered_game_has_a_rulebook(game):
    assert (CORPUS / game / "rules.md").is_file()


@pytest.mark.parametrize("game,players", CASES)
def test_random_games_behave_as_the_descriptor_says(game, players):
    game_class = ENGINES[game]
    game_type = game_class.game_type
    movers: set[str] = set()
    hidden = False
    for seed in range(GAMES_PER_CASE):
        for state in _random_states(game_class, players, seed):
            player = state.current_player()
            movers.add("chance" if player == CHANCE else "simultaneous" if player == SIMULTANEOUS
                       else "terminal" if player == TERMINAL else "seat")
            if game_type.first_player:
                assert 0 <= state.first_player < players
            views = [state.observation(seat) for seat in range(players)]
            full = state.to_dict()
            hidden = hidden or any(view != full for view in views)
            if game_type.information == PERFECT:
                assert all(view == full for view in views), "a perfect-information game hides nothing"
            decision = state.pending_decision()
            if decision is not None:
                assert decision.player == player, f"decision {decision.kind} of {decision.player}, {player} to move"
    if game_type.information == IMPERFECT:
        assert hidden, "an imperfect-information game hides something from some seat"
    if game_type.chance != EXPLICIT_CHANCE:
        assert "chance" not in movers, "chance nodes in a game without explicit chance"
    if game_type.turns == SEQUENTIAL:
        assert "simultaneous" not in movers


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_setup_randomness_comes_only_from_the_rng_given(game):
    game_class = ENGINES[game]
    players = game_class.game_type.min_players
    first = game_class(players).new_initial_state(random.Random(5)).to_dict()
    assert game_class(players).new_initial_state(random.Random(5)).to_dict() == first
    others = [game_class(players).new_initial_state(random.Random(s)).to_dict() for s in range(6, 12)]
    if game_class.game_type.chance == DETERMINISTIC:
        assert all(other == first for other in others)
    else:
        assert any(other != first for other in others)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_observation_of_a_seat_out_of_range_is_a_value_error(game):
    game_class = ENGINES[game]
    players = game_class.game_type.min_players
    state = game_class(players).new_initial_state(random.Random(0))
    with pytest.raises(ValueError):
        state.observation(players)
