"""Setup per player count, partial scenario positions with defaults, and bad positions."""

import random

import pytest

from engine.splendor import GAME
from engine.splendor.data import CARDS


@pytest.mark.parametrize("players, gems, nobles", [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_setup_per_player_count(players, gems, nobles):
    state = GAME(players).new_initial_state(random.Random(1))
    assert state.bank == [gems] * 5 + [5]
    assert len(state.nobles) == nobles
    assert [len(row) for row in state.market] == [4, 4, 4]
    assert [len(deck) for deck in state.decks] == [36, 26, 16]
    assert all(CARDS.level[c] == level for level, row in enumerate(state.market, 1) for c in row)
    assert state.invariant_violations() == []


def test_deck_order_and_first_player_come_from_the_rng_only():
    game = GAME(3)
    first = game.new_initial_state(random.Random(5)).to_dict()
    assert game.new_initial_state(random.Random(5)).to_dict() == first
    assert game.new_initial_state(random.Random(6)).to_dict() != first
    seat_0 = GAME(3, assumption_overrides={"splendor.first_player": "seat_0"})
    assert {seat_0.new_initial_state(random.Random(s)).first_player for s in range(20)} == {0}
    assert len({game.new_initial_state(random.Random(s)).first_player for s in range(20)}) == 3


def test_an_empty_position_is_a_full_deterministic_setup():
    state = GAME(2).scenario_state({})
    assert state.market == [[1, 2, 3, 4], [41, 42, 43, 44], [71, 72, 73, 74]]
    assert state.decks[0][-1] == 5  # the top card is drawn with pop()
    assert state.to_dict()["decks"]["1"][0] == 5  # ... and listed first
    assert state.nobles == [1, 2, 3] and state.bank == [4] * 5 + [5]


def test_partial_rows_are_completed_and_given_decks_set_the_rest_aside():
    state = GAME(2).scenario_state({"market": {"1": [8, None]}, "decks": {"3": [90]}})
    assert state.market[0] == [8, None, 1, 2]
    assert state.decks[2] == [90] and len(state.set_aside) == 20 - 4 - 1
    assert any("gap" in problem for problem in state.invariant_violations())


def test_the_bank_defaults_to_the_supply_minus_what_players_hold():
    state = GAME(2).scenario_state({"players": [{"tokens": {"red": 3, "gold": 1}}, {"tokens": {"red": 1}}]})
    assert state.bank[3] == 0 and state.bank[5] == 4 and state.supply == (4, 4, 4, 4, 4, 5)


def test_current_player_stands_for_turn():
    state = GAME(3).scenario_state({"first_player": 2, "current_player": 1})
    assert state.turn == 2 and state.current_player() == 1


@pytest.mark.parametrize("position, field", [
    ({"players": [{"cards": [1]}, {"cards": [1]}]}, "players[1].cards"),
    ({"players": [{"reserved": [1, 2, 3, 4]}]}, "players[0].reserved"),
    ({"players": [{"tokens": {"red": 5}}]}, "bank.red"),
    ({"players": [{"cards": [8], "prestige": 0}]}, "players[0].prestige"),
    ({"players": [{"reserved": [1], "blind": [2]}]}, "players[0].blind"),
    ({"market": {"1": [41]}}, "market.1"),
    ({"market": {"4": []}}, "market"),
    ({"phase": "dance"}, "phase"),
    ({"first_player": 2}, "first_player"),
    ({"nobles": [1, 1]}, "nobles"),
    ({"colour": "red"}, "position.colour"),
    ({"nobles": [1, 2, 3], "pending_nobles": [1, 2]}, "pending_nobles"),
    ({"nobles": [1, 2, 3], "phase": "noble", "pending_nobles": [1]}, "pending_nobles"),
    ({"stated_cards": [{"level": 4, "bonus": "red", "cost": {"red": 1}}]}, "stated_cards[0].level"),
    ({"stated_cards": [{"level": 1, "bonus": "gold", "cost": {"red": 1}}]}, "stated_cards[0].bonus"),
    ({"stated_cards": [{"level": 1, "bonus": "red", "cost": {"gold": 1}}]}, "stated_cards[0].cost"),
    ({"stated_cards": [{"level": 1, "bonus": "red", "points": -1}]}, "stated_cards[0].points"),
    ({"stated_cards": [{"level": 1, "bonus": "red"}] * 5}, "stated_cards"),
    ({"market": {"1": [91]}}, "market.1"),  # no card 91 unless the position states it
    ({"stated_nobles": [{"requirements": {}}]}, "stated_nobles[0].requirements"),
    ({"stated_nobles": [{"requirements": {"red": 3}, "points": 4}]}, "stated_nobles[0]"),
    ({"nobles": [11]}, "nobles"),  # no noble 11 unless the position states it
])
def test_bad_positions_raise_value_errors_naming_the_field(position, field):
    with pytest.raises(ValueError) as error:
        GAME(2).scenario_state(position)
    assert str(error.value).startswith(field), str(error.value)


def test_a_noble_choice_position_is_a_pending_decision_of_the_player_to_move():
    state = GAME(3).scenario_state({"first_player": 1, "current_player": 2, "nobles": [1, 2, 3], "phase": "noble",
                                    "pending_nobles": [1, 3]})
    decision = state.pending_decision()
    assert (decision.kind, decision.player, decision.data) == ("noble_choice", 2, {"eligible": [1, 3]})
    assert state.legal_actions() == decision.options == [
        {"type": "choose_noble", "player": 2, "noble": 1}, {"type": "choose_noble", "player": 2, "noble": 3}]
    assert state.to_dict()["pending_nobles"] == [1, 3]


_STATED = {"level": 2, "bonus": "white", "points": 1, "cost": {"red": 4, "black": 2}}
"""A cost no printed card has (card 55 costs 4 red, 2 black and 1 green)."""


def test_a_stated_card_is_played_as_the_position_states_it():
    reds = _cards(colour=3, count=3)  # 3 red bonuses, no points
    position = {"stated_cards": [_STATED], "market": {"2": [91]}, "current_player": 0,
                "players": [{"cards": reds, "tokens": {"red": 1, "black": 2}}, {}]}
    state = GAME(2).scenario_state(position)
    assert state.invariant_violations() == []
    assert {"type": "buy", "player": 0, "card": 91} in state.legal_actions()
    events = state.apply({"type": "buy", "player": 0, "card": 91})
    assert events[0].kind == "card_bought" and events[0].data["payment"] == {"red": 1, "black": 2}
    assert "the card the position states" in events[0].message  # never told as a card of the game
    assert state.seats[0].points == 1 and state.seats[0].bonuses[0] == 1
    assert state.invariant_violations() == []
    again = GAME(2).scenario_state(state.to_dict())
    assert again.to_dict() == state.to_dict() and state.to_dict()["stated_cards"] == [_STATED]


def test_a_stated_card_too_dear_is_refused_with_the_bonus_rule():
    state = GAME(2).scenario_state({"stated_cards": [_STATED], "market": {"2": [91]}, "current_player": 0,
                                    "players": [{"tokens": {"red": 2, "black": 2}}, {}]})
    [refused] = state.apply({"type": "buy", "player": 0, "card": 91})
    assert refused.data["reason"] == "cannot_afford" and refused.data["short"] == 2
    assert refused.message.startswith("The stated card costs")


def test_positions_without_stated_cards_or_nobles_write_neither_key():
    assert not {"stated_cards", "stated_nobles"} & set(GAME(2).scenario_state({}).to_dict())


def test_a_stated_noble_visits_on_its_stated_requirement_alone():
    # 3 red bonuses: fewer cards than any printed noble needs, so the usual shortcut must not skip the check
    state = GAME(2).scenario_state({"stated_nobles": [{"requirements": {"red": 3}}], "nobles": [11],
                                    "players": [{"cards": _cards(colour=3, count=3)}, {}], "current_player": 0})
    events = state.apply({"type": "take_different", "player": 0, "colors": ["white", "blue", "green"]})
    assert [e.kind for e in events] == ["tokens_taken", "noble_visit"]
    assert events[1].message.startswith("The stated noble visits")
    assert state.seats[0].points == 3 and state.invariant_violations() == []
    assert GAME(2).scenario_state(state.to_dict()).to_dict() == state.to_dict()


def _cards(colour: int, count: int) -> list[int]:
    return [c for c in CARDS.ids_by_level[1] if CARDS.bonus[c] == colour and CARDS.points[c] == 0][:count]
