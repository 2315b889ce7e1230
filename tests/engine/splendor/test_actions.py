"""Scripted, commented turns; the position round-trips through to_dict/from_dict after every step."""

import pytest

from engine.splendor import GAME


def _play(state, action):
    """Apply one action, check the round trip and invariants, return the event kinds."""
    events = state.apply(action)
    rebuilt = state.game.state_from_dict(state.to_dict())
    assert rebuilt.to_dict() == state.to_dict()
    assert state.invariant_violations() == []
    return [event.kind for event in events], events


def _state(players=2, **position):
    return GAME(players).scenario_state(position)


def test_a_short_opening_with_a_reserve_a_purchase_and_a_refill():
    state = _state()
    # Market level 1 is cards 1-4, deck top is 5; bank 4 of each gem, 5 gold.
    kinds, _ = _play(state, {"type": "take_different", "colors": ["white", "blue", "green"]})
    assert kinds == ["tokens_taken"] and state.current_player() == 1
    # Player 1 reserves card 1 (black, costs 1 of each but black): gold, and card 5 refills the slot.
    kinds, events = _play(state, {"type": "reserve", "card": 1})
    assert kinds == ["card_reserved", "market_refilled", "gold_taken"]
    assert state.market[0] == [5, 2, 3, 4] and state.seats[1].tokens[5] == 1
    # Player 0 takes red, black and white.
    _play(state, {"type": "take_different", "colors": ["red", "black", "white"]})
    # Player 1 cannot buy the reserved card: 4 gems are due and 1 gold covers only one of them.
    kinds, events = _play(state, {"type": "buy", "card": 1})
    assert kinds == ["rejected"] and events[0].data["reason"] == "cannot_afford"
    # Player 0 (6 tokens: 2 white, 1 blue, 1 green, 1 red, 1 black) is not to move: rejected, unchanged.
    before = state.to_dict()
    kinds, events = _play(state, {"type": "buy", "player": 0, "card": 2})
    assert events[0].data["reason"] == "wrong_turn" and state.to_dict() == before


def test_buying_pays_the_bank_and_grants_bonus_and_points():
    state = GAME(2).scenario_state({"players": [{"tokens": {"blue": 4}}], "market": {"1": [8]}})
    kinds, events = _play(state, {"type": "buy", "card": 8})
    assert kinds == ["card_bought", "market_refilled"]
    seat = state.seats[0]
    assert (seat.tokens[1], seat.bonuses[4], seat.points, state.bank[1]) == (0, 1, 1, 4)
    assert events[0].data["payment"] == {"blue": 4}


def test_gold_covers_any_shortfall_and_a_given_payment_is_validated():
    state = GAME(2).scenario_state({"players": [{"tokens": {"blue": 2, "gold": 2}}], "market": {"1": [8]}})
    kinds, events = _play(state, {"type": "buy", "card": 8, "payment": {"blue": 1, "gold": 2}})
    assert events[0].data["reason"] == "invalid_payment"  # 1 blue + 2 gold leaves one blue unpaid
    kinds, events = _play(state, {"type": "buy", "card": 8, "payment": {"blue": 2, "gold": 2}})
    assert kinds == ["card_bought", "gold_spent", "market_refilled"]
    assert state.bank[5] == 5


def test_reserve_limit_gold_and_blind_reserve():
    state = GAME(2).scenario_state({"players": [{"reserved": [71, 72]}, {"tokens": {"gold": 5}}]})
    kinds, events = _play(state, {"type": "reserve", "level": 1})
    assert kinds == ["card_reserved", "no_gold_left"]
    blind = events[0].data["card"]
    assert state.seats[0].blind == [blind] and state.seats[0].reserved == [71, 72, blind]
    seen_by_1 = state.observation(1)["players"][0]["reserved"]
    assert seen_by_1 == [71, 72, {"hidden": True, "level": 1}]
    assert state.observation(0)["players"][0]["reserved"] == [71, 72, blind]
    assert isinstance(state.observation(1)["decks"]["1"], int)
    _play(state, {"type": "take_different", "colors": ["white", "blue", "green"]})
    kinds, events = _play(state, {"type": "reserve", "card": 41})
    assert events[0].data["reason"] == "too_many_reserved"


def test_token_limit_phase_offers_one_return_per_colour_held():
    state = GAME(3).scenario_state({"players": [{"tokens": {"white": 3, "blue": 3, "green": 3}}]})
    kinds, _ = _play(state, {"type": "take_different", "colors": ["red", "black", "white"]})
    assert kinds == ["tokens_taken", "token_limit_exceeded"] and state.phase == "return"
    assert [a["tokens"] for a in state.legal_actions()] == [
        {"white": 1}, {"blue": 1}, {"green": 1}, {"red": 1}, {"black": 1}]
    _play(state, {"type": "return", "tokens": {"red": 1}})
    assert state.phase == "return" and state.current_player() == 0
    kinds, _ = _play(state, {"type": "return", "tokens": {"white": 1}})
    assert kinds == ["tokens_returned"] and state.phase == "play" and state.current_player() == 1


def test_the_final_round_ends_when_every_player_has_played_as_often():
    state = GAME(3).scenario_state({"first_player": 1, "current_player": 1,
                                    "players": [{}, {"cards": [78, 86, 70], "tokens": {"blue": 4}}],
                                    "market": {"2": [51]}})
    kinds, _ = _play(state, {"type": "buy", "card": 51})
    assert "final_round" in kinds and not state.is_terminal()
    _play(state, {"type": "take_same", "color": "red"})  # player 2
    kinds, events = _play(state, {"type": "take_same", "color": "green"})  # player 0 closes the round
    assert kinds[-1] == "game_over" and state.is_terminal() and state.winners() == [1]
    assert state.legal_actions() == [] and state.turn % 3 == 0


def test_pass_only_without_any_other_action_and_a_blocked_game_ends():
    stuck = {"reserved": [75, 76, 77], "tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}}
    other = {"reserved": [78, 79, 80], "tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}}
    state = GAME(2).scenario_state({"players": [stuck, other], "market": {"1": [7, 15, 23, 31]}})
    assert state.legal_actions() == [{"type": "pass", "player": 0}]
    kinds, _ = _play(state, {"type": "pass"})
    kinds, events = _play(state, {"type": "pass"})
    assert kinds == ["passed", "game_over"] and events[-1].data["blocked"]
    assert "splendor.no_legal_action" in events[-1].assumptions


@pytest.mark.parametrize("action, field", [
    ({"type": "take_different", "colors": ["purple", "blue", "red"]}, "action.colors"),
    ({"type": "take_same", "color": 3}, "action.color"),
    ({"type": "reserve", "card": 1, "level": 1}, "action"),
    ({"type": "buy", "card": 91}, "action.card"),
    ({"type": "buy", "card": 1, "payment": {"blue": -1}}, "action.payment.blue"),
    ({"type": "fly"}, "action.type"),
])
def test_malformed_actions_raise_value_errors_naming_the_field(action, field):
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        _state().apply(action)
