"""For a Crown specifics the registry-driven tests do not reach: the fast sampler, observations, bad input."""

from __future__ import annotations

import random

import pytest

from engine.core.game import random_action_by_listing
from engine.core.simulate import play_random_game
from engine.for_a_crown import GAME


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_step_plays_the_same_game_as_listing(players):
    game = GAME(players)
    for seed in range(8):
        fast, slow = game.new_initial_state(random.Random(seed)), game.new_initial_state(random.Random(seed))
        fast_rng, slow_rng = random.Random(seed + 1), random.Random(seed + 1)
        while not fast.is_terminal():
            action, events = fast.random_step(fast_rng)
            listed = random_action_by_listing(slow, slow_rng)
            assert action == listed
            assert [e.to_dict() for e in events] == [e.to_dict() for e in slow.apply(listed)]
        assert fast.to_dict() == slow.to_dict()


@pytest.mark.parametrize("assumptions", [
    {},
    {"for-a-crown.ruby_payment": "any_mix", "for-a-crown.influence_blocked": "swap_with_neighbour"},
    {"for-a-crown.galerie_zones": "thirds_by_square", "for-a-crown.burglary_nobody": "everyone_loses",
     "for-a-crown.galerie_squares": "players_plus_two", "for-a-crown.final_adjustments": "none"},
])
def test_checked_playouts_under_each_reading(assumptions):
    game = GAME(4, assumption_overrides=assumptions)
    for seed in range(25):
        record = play_random_game(game, seed)
        assert record.violations == []
        assert record.winners and len(record.winners) == 1


def test_game_lasts_four_rounds_or_ends_with_the_knockout_round():
    game = GAME(5)
    rounds = set()
    for seed in range(40):
        state = game.new_initial_state(random.Random(seed))
        rng = random.Random(seed)
        while not state.is_terminal():
            state.random_step(rng)
        assert state.round == 4 or state.knocked_out_round == state.round
        rounds.add(state.round)
    assert 4 in rounds


def test_observation_hides_the_other_chests_and_the_decks():
    state = GAME(3).new_initial_state(random.Random(2))
    seen = state.observation(0)
    assert seen["families"][0]["rubies"] == 10
    assert seen["families"][1]["rubies"] is None and seen["families"][1]["object"] == "hidden"
    assert all(isinstance(count, int) for count in seen["royal_square"]["decks"].values())
    assert isinstance(seen["event_draw"], int)


@pytest.mark.parametrize("position,field", [
    ({"families": [{"rubies": -1}]}, "families[0].rubies"),
    ({"galerie": [0, 0]}, "galerie"),
    ({"pile": [{"card": "n9-1", "owner": 0}]}, "pile[0].card"),
    ({"pile": [{"event": "Tempête"}]}, "event"),
    ({"decisions": [{"kind": "target", "player": 0, "data": {"family": 0, "effect": "rubis"}}]},
     "decisions[0].data.effect"),
    ({"decisions": [{"kind": "roll", "player": 1, "data": {"family": 1}}]}, "decisions[0].player"),
])
def test_bad_positions_name_the_field(position, field):
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]")):
        GAME(2).scenario_state(position)


def test_bad_assumption_values_are_refused():
    with pytest.raises(ValueError, match="die_faces"):
        GAME(2, assumption_overrides={"for-a-crown.die_faces": ["rubis"]})
    with pytest.raises(ValueError, match="starting_coins"):
        GAME(2, assumption_overrides={"for-a-crown.starting_coins": []})


def test_setup_coins_by_influence_and_placements():
    state = GAME(4).new_initial_state(random.Random(9))
    order = [seat for seat in reversed(state.squares) if seat >= 0]
    assert [state.coins[seat] for seat in order] == [3, 4, 5, 5]
    assert state.squares[-4:] == list(reversed(order)) and state.squares[:4] == [-1] * 4
    assert all(len(row) == 2 for row in state.display)
    assert [p["event"] for p in state.to_dict()["pile"]] == ["Cambriolage", "Scandale"]


def test_every_family_out_crowns_the_last_one_knocked_out():
    # seed 8612 of the checked playouts: all four families are knocked out in round 4
    record = play_random_game(GAME(4), 8612)
    assert record.violations == [] and record.winners == [0]
    assert record.assumptions["for-a-crown.everyone_out"] == 1


def test_a_task_rebuilt_from_its_fields_unpacks_as_the_interned_one():
    from engine.core.decisions import Decision
    from engine.for_a_crown.effects import CHOOSE, EFFECT, ROLL, TARGET, task, unpack

    for kind, seat, arg in [(TARGET, 2, 2), (CHOOSE, 1, 4), (EFFECT, 0, 5), (ROLL, 3, 0)]:
        interned = task(kind, seat, arg)
        copy = Decision(interned.kind, interned.player, None, interned.citation, dict(interned.data))
        assert copy == interned and copy is not interned
        assert unpack(copy) == unpack(interned) == (kind, seat, arg)
    assert task(TARGET, 2, 2) is task(TARGET, 2, 2)


@pytest.mark.parametrize("swap", ["no_move", "swap_with_neighbour"])
def test_the_quick_influence_test_agrees_with_the_listed_moves(swap):
    from engine.for_a_crown.effects import _can_move

    game = GAME(3, assumption_overrides={"for-a-crown.influence_blocked": swap})
    state = game.new_initial_state(random.Random(0))
    for squares in ([-1, -1, -1, -1, -1, -1], [0, 1, 2], [2], [-1, 0], [1, 0, -1, 2, -1, -1], [0, 1, 2, -1]):
        state.squares = list(squares)
        assert _can_move(state) == bool(state.moves()), squares


def test_a_bribe_of_the_most_pays_what_the_chest_holds_and_spares_the_rubies_when_asked():
    from engine.core.scenario import run_scenario

    def bought(family: dict, bribe: dict) -> int:
        scenario = {"game": "for-a-crown", "title": "bribe", "players": 2, "position": {
            "round": 2, "influence": [0, 1], "families": [family, {"rubies": 10, "coins": 3, "raccoons": 0}],
            "pile": [{"card": "n5-1", "owner": 0}, {"event": "Pot-de-vin"}]},
            "steps": [{"type": "reveal", "event": "Pot-de-vin"}, {"type": "bribe", "player": 0, **bribe}]}
        events = run_scenario(scenario).steps[-1].events
        return sum(event.data["raccoons"] for event in events if event.kind == "bribe_paid")

    assert bought({"rubies": 2, "coins": 1, "raccoons": 5}, {"raccoons": "most"}) == 3
    assert bought({"rubies": 9, "coins": 1, "raccoons": 5}, {"raccoons": "most", "rubies": 0}) == 1
    assert bought({"rubies": 9, "coins": 0, "raccoons": 5}, {"raccoons": "most", "rubies": 0}) == 0
