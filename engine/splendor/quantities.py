"""The quantities of a Splendor position a player asks about (see :mod:`engine.core.quantity`).

At 4 players the rulebook gives no set-up (only 2 and 3): the engine's gems and
nobles there rest on ``splendor.four_player_setup``, which the readings carry.
"""

from __future__ import annotations

from engine.core.quantity import Measured, Quantity
from engine.splendor import rules

_GEMS = ("white", "blue", "green", "red", "black")


def _setup_assumptions(state) -> tuple[str, ...]:
    return tuple(state.game.describe_setup()["assumptions"])


def _gems_per_colour_at_setup(state, rng):
    bank = state.to_dict()["bank"]
    values = {bank[colour] for colour in _GEMS}
    return Measured(values.pop(), _setup_assumptions(state)) if len(values) == 1 else None


def _gold_at_setup(state, rng):
    return state.to_dict()["bank"]["gold"]


def _nobles_at_setup(state, rng):
    return Measured(len(state.to_dict()["nobles"]), _setup_assumptions(state))


def _market_per_level_at_setup(state, rng):
    sizes = {len(cards) for cards in state.to_dict()["market"].values()}
    return sizes.pop() if len(sizes) == 1 else None


QUANTITIES = (
    Quantity("gems_per_colour", "common", {"setup": _gems_per_colour_at_setup}, {"setup": (rules.SETUP_TWO_THREE,)},
             default_moment="setup"),
    Quantity("gold", "common", {"setup": _gold_at_setup}, {"setup": (rules.SETUP_GOLD_AND_REST,)},
             default_moment="setup"),
    Quantity("nobles", "common", {"setup": _nobles_at_setup}, {"setup": (rules.SETUP_TWO_THREE,)},
             default_moment="setup"),
    Quantity("market_per_level", "common", {"setup": _market_per_level_at_setup},
             {"setup": (rules.MARKET_GAP_ONLY_WHEN_DECK_EMPTY,)}, default_moment="setup"),
)
