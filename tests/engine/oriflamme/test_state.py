"""Oriflamme specifics the registry-driven tests do not reach: setup, the fast sampler, rejections, views."""

from __future__ import annotations

import random

import pytest

from engine.core.game import CHANCE, random_action_by_listing
from engine.oriflamme import GAME
from engine.oriflamme.cards import FAMILY_SIZE, JUMEAU


def test_setup_deals_seven_sets_aside_three_and_the_twin():
    state = GAME(4).new_initial_state(random.Random(3))
    for seat in range(4):
        family = set(range(seat * FAMILY_SIZE, (seat + 1) * FAMILY_SIZE))
        assert len(state.hands[seat]) == 7 and len(state.aside[seat]) == 3
        assert state.twins[seat] == seat * FAMILY_SIZE + JUMEAU
        assert set(state.hands[seat]) | set(state.aside[seat]) | {state.twins[seat]} == family
    assert state.influence == [1, 1, 1, 1]
    assert state.invariant_violations() == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_sampler_draws_as_the_reference(players):
    """``random_step`` plays the action ``random_action_by_listing`` would pick with the same rng state."""
    game = GAME(players)
    for seed in range(15):
        fast, slow = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        rng_fast, rng_slow = random.Random(seed), random.Random(seed)
        while not fast.is_terminal():
            action, events = fast.random_step(rng_fast)
            reference = random_action_by_listing(slow, rng_slow)
            assert action == reference
            assert [e.to_dict() for e in events] == [e.to_dict() for e in slow.apply(reference)]
            assert fast.to_dict() == slow.to_dict()


def test_round_trip_and_clone_at_every_step():
    game = GAME(3)
    state = game.new_initial_state(random.Random(11))
    rng = random.Random(11)
    while not state.is_terminal():
        copy = state.clone()
        assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
        state.random_step(rng)
        assert copy.to_dict() != state.to_dict()


def _position(**extra):
    return GAME(2).scenario_state({"phase": "resolution", "cursor": 0, **extra})


def test_rejections_leave_the_state_unchanged():
    state = GAME(2).scenario_state({"line": [{"card": "Reine", "owner": 1}], "first_player": 0})
    before = state.to_dict()
    [event] = state.apply({"type": "place", "player": 1, "card": "Reine", "at": "end"})
    assert event.data["reason"] == "wrong_turn"
    [event] = state.apply({"type": "place", "player": 0, "card": "Félon", "at": {"card": "Reine", "owner": 1}})
    assert event.data["reason"] == "not_own_card"
    [event] = state.apply({"type": "place", "player": 0, "card": "Félon", "at": "center"})
    assert event.data["reason"] == "line_not_empty"
    [event] = state.apply({"type": "influence", "player": 0})
    assert event.data["reason"] == "wrong_phase"
    assert state.to_dict() == before


def test_bad_input_names_the_field():
    state = GAME(2).scenario_state({})
    with pytest.raises(ValueError, match="card: expected one of"):
        state.apply({"type": "place", "card": "Roi", "at": "center"})
    with pytest.raises(ValueError, match="action.type"):
        state.apply({"type": "fly"})
    with pytest.raises(ValueError, match=r"position.line\[0\].owner"):
        GAME(2).scenario_state({"line": [{"card": "Reine", "owner": 4}]})
    with pytest.raises(ValueError, match="already placed elsewhere"):
        GAME(2).scenario_state({"line": [{"card": "Reine", "owner": 0}], "players": [{"hand": ["Reine"]}]})


def test_hand_built_resolution_waits_for_a_resolve_step():
    state = _position(line=[{"card": "Reine", "owner": 0, "revealed": True}, {"card": "Félon", "owner": 1}])
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [({"type": "resolve"}, 1.0)]
    state.apply({"type": "resolve"})
    assert state.influence[0] == 3 and state.current_player() == 1


def test_observation_hides_hands_and_the_others_face_down_cards():
    state = _position(line=[{"card": "Coupe-jarret", "owner": 0, "revealed": True},
                            {"card": "Félon", "owner": 1}, {"card": "Reine", "owner": 0}])
    view = state.observation(0)
    assert view["players"][1]["hand"] == len(state.hands[1])
    assert view["line"][1][0]["card"] == "face down" and view["line"][2][0]["card"] == "Reine"
    assert state.observation(1)["line"][1][0]["card"] == "Félon"
