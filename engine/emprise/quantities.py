"""The quantities of an EMPRISE position a player asks about (see :mod:`engine.core.quantity`)."""

from __future__ import annotations

from engine.core.quantity import Quantity, positions
from engine.emprise import rules
from engine.emprise.board import SQUARE_NAMES

_SQUARES = len(SQUARE_NAMES)


def _hand_at_setup(state, rng):
    return list(state.to_dict()["hand_sizes"])


def _cards_per_order_at_setup(state, rng):
    """Cards of each Order a side holds (hand and Reserve alike are copies of the Order's four cards)."""
    hands = state.to_dict()["hands"]
    sizes = {sum(1 for card in hand if card["order"] == order) for hand in hands for order in {c["order"] for c in hand}}
    return sizes.pop() if len(sizes) == 1 else None


def _orders_at_setup(state, rng):
    return [len(orders) for orders in state.to_dict()["orders"]]


def _squares_at_setup(state, rng):
    """The board's squares: those empty at set-up (the board starts empty)."""
    return _SQUARES - len(state.to_dict()["board"])


def _reserve_at_setup(state, rng):
    return [len(reserve) for reserve in state.to_dict()["reserves"]]


def _head_start_at_setup(state, rng):
    """The points the player who opens the duel starts the count with."""
    position = state.to_dict()
    return position["scores"][position["first_player"]]


def _end_of_duel(state, rng) -> dict | None:
    """The board once the sixteenth card is placed (before any Sudden Death)."""
    for position in positions(state, rng):
        if position["placements"] == 16 and position["sudden_death"]["round"] == 0:
            return position
    return None


def _placed_at_end(state, rng):
    position = _end_of_duel(state, rng)
    return len(position["board"]) if position else None


def _empty_at_end(state, rng):
    position = _end_of_duel(state, rng)
    return _SQUARES - len(position["board"]) if position else None


QUANTITIES = (
    Quantity("hand", "player", {"setup": _hand_at_setup}, {"setup": (rules.EIGHT_CARDS_TWENTY_SQUARES,)},
             default_moment="setup"),
    Quantity("order_cards", "common", {"setup": _cards_per_order_at_setup}, {"setup": (rules.FOUR_CARDS_PER_ORDER,)},
             default_moment="setup"),
    Quantity("orders", "player", {"setup": _orders_at_setup}, {"setup": (rules.TWO_ORDERS,)}, default_moment="setup"),
    Quantity("squares", "common", {"setup": _squares_at_setup}, {"setup": (rules.EIGHT_CARDS_TWENTY_SQUARES,)},
             default_moment="setup"),
    Quantity("reserve", "player", {"setup": _reserve_at_setup}, {"setup": (rules.RESERVE_SET_ASIDE,)},
             default_moment="setup"),
    Quantity("head_start", "common", {"setup": _head_start_at_setup}, {"setup": (rules.HEAD_START,)},
             default_moment="setup"),
    Quantity("placed", "common", {"game_end": _placed_at_end}, {"game_end": (rules.SIXTEEN_PLACED,)},
             default_moment="game_end"),
    Quantity("empty_squares", "common", {"game_end": _empty_at_end}, {"game_end": (rules.SIXTEEN_PLACED,)},
             default_moment="game_end"),
)
