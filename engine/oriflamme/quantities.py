"""The quantities of an Oriflamme position a player asks about (see :mod:`engine.core.quantity`)."""

from __future__ import annotations

from engine.core.quantity import Quantity, final_position
from engine.oriflamme import rules


def _players(state) -> list[dict]:
    return state.to_dict()["players"]


def _hand_at_setup(state, rng):
    return [len(player["hand"]) for player in _players(state)]


def _family_at_setup(state, rng):
    return [len(p["hand"]) + len(p["set_aside"]) + int(p["twin_aside"]) for p in _players(state)]


def _set_aside_at_setup(state, rng):
    """Cards set aside face down (the Twin, set aside face up, is not among them)."""
    return [len(player["set_aside"]) for player in _players(state)]


def _influence_at_setup(state, rng):
    return [player["influence"] for player in _players(state)]


def _turns_in_a_game(state, rng):
    last = final_position(state, rng)
    return last["turn"] if last else None


def _hand_at_game_end(state, rng):
    last = final_position(state, rng)
    return [len(player["hand"]) for player in last["players"]] if last else None


QUANTITIES = (
    Quantity("hand", "player", {"setup": _hand_at_setup, "game_end": _hand_at_game_end},
             {"setup": (rules.DEAL,), "game_end": (rules.LAST_CARD_UNPLAYED,)}),
    Quantity("family_cards", "player", {"setup": _family_at_setup}, {"setup": (rules.FAMILY_CARDS,)},
             default_moment="setup"),
    Quantity("set_aside", "player", {"setup": _set_aside_at_setup}, {"setup": (rules.DEAL,)}, default_moment="setup"),
    Quantity("influence", "player", {"setup": _influence_at_setup}, {"setup": (rules.DEAL,)}),
    Quantity("turns", "common", {"game": _turns_in_a_game}, {"game": (rules.SIX_TURNS,)}, default_moment="game"),
)
