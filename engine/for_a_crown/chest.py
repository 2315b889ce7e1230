"""Coins and rubies in a family's secret chest: gains, payments, the Objet précieux and the knock-out.

Every flow goes through these functions, which keep a ledger per family
(``ruby_in``, ``ruby_out``, ``coin_in``, ``coin_out``) that the invariants
check against the chest. Events are appended to the list passed in.
"""

from __future__ import annotations

from engine.core.events import Event, MessageTemplate
from engine.for_a_crown import rules
from engine.for_a_crown.assumptions import CHEST_EMPTY, KNOCKED_OUT_GALERIE, KNOCKED_OUT_PENDING
from engine.for_a_crown.galerie import EMPTY


def drop_family(state, seat: int) -> None:
    from engine.for_a_crown.effects import drop_family as drop  # effects imports this module

    drop(state, seat)

SALE_RUBIES = 10
OBJECT_VALUE = 10

_RUBY_GAINED = MessageTemplate("Family {player} gains {amount} Rubis from the reserve.")
_COIN_GAINED = MessageTemplate("Family {player} gains {amount} Pièce(s) from the reserve.")
_RUBY_LOST = MessageTemplate("Family {player} returns {amount} Rubis to the reserve ({reason}).")
_OBJECT_SOLD = MessageTemplate(
    "Family {player} owes Rubis with an empty chest: it sells its Objet précieux and takes 10 Rubis."
)
_KNOCKED_OUT = MessageTemplate(
    "Family {player} owes Rubis with an empty chest and its Objet précieux already sold: it is out of the game."
)
_ROUND_ENDS_GAME = MessageTemplate("The others finish round {round}, then the game ends.")


# Events are read-only (engine.core.events), so the frequent ones are built once per distinct content
# and shared: random playouts create several hundred per game, and building them was their main cost.
_GAINED: dict[tuple, Event] = {}
_LOST: dict[tuple, Event] = {}


def gain_rubies(state, seat: int, amount: int, rule, events: list) -> None:
    state.rubies[seat] += amount
    state.ruby_in[seat] += amount
    key = (True, seat, amount, rule)
    event = _GAINED.get(key)
    if event is None:
        event = _GAINED[key] = Event("ruby_gained", _RUBY_GAINED, rule, {"player": seat, "amount": amount})
    events.append(event)


def gain_coins(state, seat: int, amount: int, rule, events: list) -> None:
    state.coins[seat] += amount
    state.coin_in[seat] += amount
    key = (False, seat, amount, rule)
    event = _GAINED.get(key)
    if event is None:
        event = _GAINED[key] = Event("coin_gained", _COIN_GAINED, rule, {"player": seat, "amount": amount})
    events.append(event)


def pay(state, seat: int, coins: int, rubies: int) -> None:
    """A voluntary payment the chest can cover (recruitment, Pot-de-vin, Mages mercenaires)."""
    state.coins[seat] -= coins
    state.coin_out[seat] += coins
    state.rubies[seat] -= rubies
    state.ruby_out[seat] += rubies


def payment_splits(state, seat: int, cost: int) -> list[tuple[int, int]]:
    """Every (coins, rubies) that pays ``cost`` from this chest (``for-a-crown.ruby_payment``)."""
    coins, rubies = state.coins[seat], state.rubies[seat]
    if coins + rubies < cost:
        return []
    if not state.game.any_mix:
        paid_coins = min(coins, cost)
        return [(paid_coins, cost - paid_coins)]
    return [(cost - r, r) for r in range(max(0, cost - coins), min(rubies, cost) + 1)]


def lose_rubies(state, seat: int, amount: int, rule, reason: str, events: list) -> None:
    """A ruby debt: paid from the chest; when it is empty, the Objet précieux is sold, or the family is out."""
    while amount > 0 and not state.out[seat]:
        paid = min(amount, state.rubies[seat])
        if paid:
            state.rubies[seat] -= paid
            state.ruby_out[seat] += paid
            amount -= paid
            key = (seat, paid, rule, reason)
            event = _LOST.get(key)
            if event is None:
                event = _LOST[key] = Event("ruby_lost", _RUBY_LOST, rule,
                                           {"player": seat, "amount": paid, "reason": reason})
            events.append(event)
        if amount == 0:
            return
        if state.object_kept[seat]:
            state.object_kept[seat] = False
            state.rubies[seat] += SALE_RUBIES
            state.ruby_in[seat] += SALE_RUBIES
            events.append(Event("object_sold", _OBJECT_SOLD, rules.SALE_TEN_RUBIES,
                                {"player": seat, "coins": state.coins[seat]}, (CHEST_EMPTY.id,)))
        else:
            knock_out(state, seat, events)


def knock_out(state, seat: int, events: list) -> None:
    """Out of the game: portrait removed, raccoons returned, the family's pending effects dropped."""
    state.out[seat] = True
    state.squares[state.squares.index(seat)] = EMPTY
    returned = state.raccoons[seat]
    state.raccoons[seat] = 0
    state.knocked_out_round = state.knocked_out_round or state.round
    state.last_out = seat
    drop_family(state, seat)
    events.append(Event("knocked_out", _KNOCKED_OUT, rules.KNOCKED_OUT, {"player": seat, "coins": state.coins[seat]},
                        (CHEST_EMPTY.id,)))
    events.append(Event("portrait_removed", "Its portrait leaves the Galerie and its Ratons Voleurs return to the "
                        "reserve.", rules.KNOCKED_OUT_CLEANUP, {"player": seat, "raccoons": returned},
                        (KNOCKED_OUT_GALERIE.id, KNOCKED_OUT_PENDING.id)))
    events.append(Event("game_ends_after_round", _ROUND_ENDS_GAME, rules.KNOCKED_OUT_ROUND_ENDS_GAME,
                        {"round": state.round}))
