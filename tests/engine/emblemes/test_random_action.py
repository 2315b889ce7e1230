"""The Emblèmes fast paths: the sampler draws as the reference does; a random step plays as ``apply`` does."""

from __future__ import annotations

import random

import pytest

from engine.core.game import random_action_by_listing
from engine.emblemes import GAME

OPTIONAL_EFFECTS = {"emblemes.optional_effects": "optional", "emblemes.moved_card_equal_values": "mover_chooses"}


@pytest.mark.parametrize("players,overrides", [(3, {}), (4, {}), (5, {}), (4, OPTIONAL_EFFECTS)])
def test_fast_sampler_matches_the_reference_at_every_step(players, overrides):
    game = GAME(players, assumption_overrides=overrides)
    phases = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state(rng)
        while not state.is_terminal():
            reference_rng = random.Random()
            reference_rng.setstate(rng.getstate())
            # from_dict drops the cached choice options: the reference lists them afresh
            expected = random_action_by_listing(game.state_from_dict(state.to_dict()), reference_rng)
            action = state.random_action(rng)
            assert action == expected, f"seed {seed}, {state.to_dict()['phase']}"
            assert rng.getstate() == reference_rng.getstate(), f"seed {seed}: different draws"
            phases.add(state.to_dict()["phase"])
            state.apply(action)
    assert phases == {"select", "place", "choice", "chance", "end_of_round"}


@pytest.mark.parametrize("players,overrides", [(3, {}), (4, {}), (5, {}), (4, OPTIONAL_EFFECTS)])
def test_random_step_plays_exactly_as_apply(players, overrides):
    game = GAME(players, assumption_overrides=overrides)
    for seed in range(60):
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        fast, slow = game.new_initial_state(fast_rng), game.new_initial_state(slow_rng)
        while not slow.is_terminal():
            action, events = fast.random_step(fast_rng)
            expected = slow.random_action(slow_rng)
            expected_events = slow.apply(expected)
            assert action == expected, f"seed {seed}"
            assert [e.to_dict() for e in events] == [e.to_dict() for e in expected_events], f"seed {seed}: {action}"
            assert fast.to_dict() == slow.to_dict() and fast_rng.getstate() == slow_rng.getstate(), f"seed {seed}"
        assert fast.is_terminal()


def test_a_checked_placement_still_requires_a_side_beside_an_equal_card():
    state = GAME(3).scenario_state({
        "phase": "place", "first_player": 0,
        "locations": {"Château": [{"card": "Roi", "owner": 1}], "Village": [], "Port": []},
        "players": [{"selected": "Roi"}, {"selected": "Garde"}, {"selected": "Matelot"}],
    })
    events = state.apply({"type": "place", "player": 0, "location": "Château"})
    assert [e.data["reason"] for e in events] == ["side_required"]


def test_sampled_placements_are_fresh_dicts():
    state = GAME(3).new_initial_state(random.Random(4))
    rng = random.Random(0)
    while state.to_dict()["phase"] == "select":
        state.apply(state.random_action(rng))
    first = state.random_action(rng)
    first["location"] = "nowhere"
    assert all(action["location"] != "nowhere" for action in state.legal_actions())
    assert all(state.random_action(rng)["location"] != "nowhere" for _ in range(20))


def test_placement_slots_offer_both_sides_of_an_equal_card():
    game = GAME(3)
    state = game.scenario_state({
        "phase": "place", "first_player": 0,
        "locations": {"Château": [{"card": "Roi", "owner": 1}], "Village": [], "Port": []},
        "players": [{"selected": "Roi"}, {"selected": "Garde"}, {"selected": "Matelot"}],
    })
    assert state.legal_actions() == [
        {"type": "place", "player": 0, "location": "Château", "side": "left"},
        {"type": "place", "player": 0, "location": "Château", "side": "right"},
        {"type": "place", "player": 0, "location": "Village"},
        {"type": "place", "player": 0, "location": "Port"},
    ]
