"""Setup, positions (full and partial), bad input, observations and options of the Emblèmes engine."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE, SIMULTANEOUS, TERMINAL
from engine.emblemes import GAME


def test_setup_deals_six_cards_three_coins_and_a_random_first_player():
    state = GAME(4).new_initial_state(random.Random(5))
    position = state.to_dict()
    assert [len(p["hand"]) for p in position["players"]] == [6] * 4
    assert [len(p["deck"]) for p in position["players"]] == [9] * 4
    assert state.scores() == [3, 3, 3, 3]
    assert state.current_player() == SIMULTANEOUS and state.players_to_move() == [0, 1, 2, 3]
    seats = {GAME(4).new_initial_state(random.Random(seed)).first_player for seed in range(40)}
    assert seats == {0, 1, 2, 3}


def test_round_trip_at_every_step_of_a_scripted_turn():
    game = GAME(3)
    state = game.new_initial_state(random.Random(1))
    for seat in range(3):
        card = state.to_dict()["players"][seat]["hand"][0]
        state.apply({"type": "select", "player": seat, "card": card})
        assert game.state_from_dict(state.to_dict()) == state
    assert state.current_player() == state.first_player
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        while state.current_player() >= 0 and state.to_dict()["phase"] == "choice":
            state.apply(state.legal_actions()[0])
        while state.current_player() == CHANCE and state.to_dict()["phase"] == "chance":
            state.apply(state.chance_outcomes()[0][0])
        assert game.state_from_dict(state.to_dict()) == state


def test_rejection_leaves_the_state_unchanged():
    state = GAME(3).new_initial_state(random.Random(2))
    before = state.to_dict()
    events = state.apply({"type": "place", "player": 0, "location": "Port"})
    assert len(events) == 1 and events[0].is_rejection and events[0].data["reason"] == "wrong_phase"
    assert events[0].citation is not None
    assert state.to_dict() == before


@pytest.mark.parametrize("action,field", [
    ({"type": "select", "player": 7, "card": "Roi"}, "player"),
    ({"type": "select", "player": 0, "card": "Dragon"}, "card"),
    ({"type": "fly"}, "action.type"),
    ({"type": "place", "player": 0, "location": "Tour"}, "location"),
    ({"type": "select", "player": 0, "card": ["Roi"]}, "card"),  # unhashable: still a ValueError, not a TypeError
    ({"type": "place", "player": 0, "location": ["Port"]}, "location"),
])
def test_malformed_actions_raise_value_error_naming_the_field(action, field):
    state = GAME(3).new_initial_state(random.Random(2))
    with pytest.raises(ValueError, match=f"^{field}: expected"):
        state.apply(action)


def test_partial_position_defaults_and_full_position_requirements():
    game = GAME(3)
    state = game.scenario_state({"locations": {"Port": [{"card": "Roi", "owner": 1}]}})
    position = state.to_dict()
    assert position["phase"] == "select" and position["round"] == 1
    assert len(position["players"][1]["hand"]) == 6 and "Roi" not in position["players"][1]["hand"]
    assert len(position["players"][1]["deck"]) == 8
    assert not state.invariant_violations()
    with pytest.raises(ValueError, match="^round: missing"):
        game.state_from_dict({k: v for k, v in position.items() if k != "round"})


@pytest.mark.parametrize("position,message", [
    ({"locations": {"Port": [{"card": "Matelot", "owner": 0}, {"card": "Roi", "owner": 1}]}}, "locations.Port: expected values in descending order"),
    ({"locations": {"Tour": []}}, "locations: expected keys among"),
    ({"players": [{"hand": ["Roi"], "discard": ["Roi"]}, {}, {}]}, r"players\[0\].hand\[0\]: expected each card"),
    ({"phase": "place"}, r"players\[0\].selected: expected a face-down card"),
    ({"players": [{}, {}]}, "players: expected 3 players, got 2"),
    ({"round": 4}, "round: expected 1 to 3, got 4"),
])
def test_bad_positions_name_the_field(position, message):
    with pytest.raises(ValueError, match=message):
        GAME(3).scenario_state(position)


def test_observation_hides_hands_decks_selections_and_optionally_coins():
    state = GAME(3, {"hidden_coins": True}).new_initial_state(random.Random(3))
    state.apply({"type": "select", "player": 1, "card": state.to_dict()["players"][1]["hand"][0]})
    view = state.observation(0)
    assert isinstance(view["players"][0]["hand"], list) and view["players"][1]["hand"] == 5
    assert view["players"][1]["selected"] == "face down" and view["players"][0]["deck"] == 9
    assert view["players"][0]["coins"] == 3 and view["players"][1]["coins"] is None
    assert GAME(3).new_initial_state(random.Random(3)).observation(0)["players"][1]["coins"] == 3


def test_options_and_reward_tables_are_validated():
    with pytest.raises(ValueError, match="options.location_set: expected one of"):
        GAME(3, {"location_set": "D"})
    with pytest.raises(ValueError, match=r"emblemes.reward_tables.A.3-4.Port\[0\]: expected an int or one of"):
        GAME(3, assumption_overrides={"emblemes.reward_tables": {"A": {"3-4": {"Château": [], "Village": [], "Port": ["lots"]}}}})
    game = GAME(5, {"location_set": "B"}, {"emblemes.reward_tables": {"B": {"5": {"Château": [9], "Village": [], "Port": []}}}})
    assert game.reward_table == ([9], [], [])
    with pytest.raises(ValueError, match="players: expected an integer from 3 to 5"):
        GAME(2)


def test_terminal_state_rejects_further_actions():
    state = GAME(3).scenario_state({"phase": "end_of_round", "round": 3})
    state.apply({"type": "resolve_round"})
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.apply({"type": "resolve_round"})[0].data["reason"] == "game_over"


def test_assumptions_have_ids_questions_and_defaults():
    ids = [a.id for a in GAME.assumptions]
    assert len(ids) == len(set(ids)) >= 8
    assert all(i.startswith("emblemes.") for i in ids)
    for required in ("emblemes.reward_tables", "emblemes.moved_card_equal_values", "emblemes.chasseur_discards_itself",
                     "emblemes.voleuse_short_of_coins", "emblemes.alchimiste_both_neighbours", "emblemes.coins_below_zero",
                     "emblemes.rewarded_cards", "emblemes.traitre_rewarded_cards"):
        assert required in ids


def test_a_pending_effect_is_a_decision_of_its_owner_then_of_chance_for_the_courtisane():
    game = GAME(3)
    state = game.scenario_state({
        "phase": "choice", "first_player": 0, "revealed": 0,
        "locations": {"Château": [{"card": "Roi", "owner": 1}, {"card": "Garde", "owner": 0}, {"card": "Marchand", "owner": 2}]},
        "players": [{}, {"selected": "Voleuse"}, {"selected": "Espionne"}],
        "pending": {"effect": "Garde", "player": 0, "source": {"card": "Garde", "owner": 0}},
    })
    decision = state.pending_decision()
    assert (decision.kind, decision.player, state.current_player()) == ("effect_target", 0, 0)
    assert decision.options is None  # read from a position: computed when first asked
    assert state.legal_actions() == decision.options and len(decision.options) == 4  # 2 neighbours x 2 other locations
    state.apply(decision.options[0])
    assert state.pending_decision() is None and state.current_player() == 1

    courtisane = game.scenario_state({
        "phase": "choice", "first_player": 0, "revealed": 0,
        "locations": {"Port": [{"card": "Courtisane", "owner": 0}]},
        "players": [{}, {"selected": "Voleuse"}, {"selected": "Espionne"}],
        "pending": {"effect": "Courtisane", "player": 0, "source": {"card": "Courtisane", "owner": 0}},
    })
    courtisane.apply({"type": "choose", "player": 0, "target": 2})
    draw = courtisane.pending_decision()
    assert (draw.kind, draw.player, draw.data["target"]) == ("courtisane_draw", -1, 2)
    assert courtisane.current_player() == CHANCE
    assert courtisane.to_dict()["pending"] == {"effect": "Courtisane", "player": 0,
                                               "source": {"card": "Courtisane", "owner": 0}, "target": 2}
    assert game.state_from_dict(courtisane.to_dict()) == courtisane
