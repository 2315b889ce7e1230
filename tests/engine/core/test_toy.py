"""The core exercised end to end on the toy game Tas: a scripted game with its decisions, reshuffle and
chance draws, the position round-tripped after every step, and what each seat sees."""

from __future__ import annotations

import random

import pytest

from engine.core.game import CHANCE, TERMINAL
from engine.core.registry import available_games, load_game, registered
from tests.engine.toy import ToyGame


def _play(state, action):
    events = state.apply(action)
    assert not any(e.is_rejection for e in events), events
    assert state.invariant_violations() == []
    assert state.game.state_from_dict(state.to_dict()) == state  # the position round-trips at every step
    return events


def test_a_scripted_three_player_game():
    game = ToyGame(3)
    state = game.state_from_dict({
        "first_player": 0, "players": [{"hand": [4, 1]}, {"hand": [4, 2]}, {"hand": [5, 3]}],
        "deck": [2], "discard": [1, 3, 5], "pile": [],
    })
    _play(state, {"type": "play", "player": 0, "card": 4})    # table 4; draws the last card of the deck
    assert state.deck == [] and state.current_player() == 1
    _play(state, {"type": "play", "player": 1, "card": 4})    # doubles: seats 2 then 0 decide, in turn order
    assert [d.player for d in state.decisions.in_order()] == [2, 0] and state.current_player() == 2
    assert state.legal_actions() == [{"type": "pay", "player": 2}, {"type": "refuse", "player": 2}]
    _play(state, {"type": "refuse", "player": 2})             # chained: seat 1 punishes before seat 0 answers
    assert [d.kind for d in state.decisions.in_order()] == ["punish", "pay_or_refuse"] and state.current_player() == 1
    _play(state, {"type": "punish", "player": 1, "penalty": "gain_one"})
    events = _play(state, {"type": "pay", "player": 0})       # last answer: seat 1 draws, the deck is empty
    assert [e.kind for e in events] == ["paid", "shuffled"]
    assert state.current_player() == CHANCE and state.scores() == [3, 6, 0]
    assert state.chance_outcomes() == [({"type": "draw", "card": c}, p) for c, p in [(1, 0.2), (3, 0.2), (4, 0.4), (5, 0.2)]]
    _play(state, {"type": "draw", "card": 4})                 # the chance action names the card: the game replays
    assert state.hands[1] == [2, 4] and state.current_player() == 2


def test_each_seat_sees_its_hand_and_the_sizes_of_the_rest():
    state = ToyGame(2).new_initial_state(random.Random(1))
    view = state.observation(1)
    assert view["players"][1]["hand"] == state.hands[1]
    assert view["players"][0]["hand"] == 2 and view["deck"] == 6
    with pytest.raises(ValueError, match="player"):
        state.observation(2)


def test_illegal_moves_are_rejections_and_leave_the_state_unchanged():
    state = ToyGame(2).state_from_dict({"first_player": 1, "players": [{"hand": [1, 2]}, {"hand": [3, 4]}],
                                        "deck": [5, 5, 1, 2, 3, 4]})
    before = state.to_dict()
    assert state.apply({"type": "play", "player": 0, "card": 1})[0].data["reason"] == "wrong_turn"
    assert state.apply({"type": "play", "player": 1, "card": 1})[0].data["reason"] == "not_in_hand"
    assert state.apply({"type": "pay", "player": 1})[0].data == {"reason": "wrong_phase", "phase": "play", "expected": ["decide"]}
    assert state.to_dict() == before
    with pytest.raises(ValueError, match="action.type"):
        state.apply({"type": "fly"})


def test_a_random_game_ends_after_three_plays_each():
    state = ToyGame(3).new_initial_state(random.Random(8))
    rng = random.Random(8)
    while not state.is_terminal():
        state.random_step(rng)
    assert state.turn == 9 and state.current_player() == TERMINAL and state.winners()


def test_registered_games_are_loaded_but_never_listed():
    assert "toy" not in available_games()
    with registered(ToyGame):  # the engine tests' session fixture registered it already: nesting restores it
        assert load_game("toy") is ToyGame
    assert load_game("toy") is ToyGame
    with pytest.raises(ValueError, match="already an engine"):
        with registered(type("Clash", (ToyGame,), {"game_type": load_game("emblemes").game_type})):
            pass
