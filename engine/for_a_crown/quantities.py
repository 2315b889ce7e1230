"""The quantities of a For a Crown position a player asks about (see :mod:`engine.core.quantity`).

Starting coins are not among them: the rulebook's table of starting coins is
missing (placeholder data, ``for_a_crown`` assumptions), so the engine's number is
no ruling. Counts the course of the rounds decides (Events shuffled in, cost
tiles in the gutter by round) are the frame module's (``frame_rounds.py``).
"""

from __future__ import annotations

from engine.core.citations import Citation
from engine.core.quantity import Quantity, final_position
from engine.for_a_crown import rules
from engine.for_a_crown.codes import SLEEVES

FIVE_SLEEVES = Citation(rules.PLAYERS_CHOOSE_FAMILY.section, "Le coffre et les 5 protège-cartes correspondant à son blason")


def _sleeves_at_setup(state, rng):
    """Sleeves each family has: those it has not filled yet (none at set-up)."""
    return [SLEEVES - family["sleeves"] for family in state.to_dict()["families"]]


def _level_one_piles_at_setup(state, rng):
    return len(state.to_dict()["royal_square"]["level_one"])


def _rubies_at_setup(state, rng):
    return [family["rubies"] for family in state.to_dict()["families"]]


def _cost_tiles_at_setup(state, rng):
    return len(state.to_dict()["gutter"])


def _events_at_setup(state, rng):
    return sum(1 for card in state.to_dict()["pile"] if "event" in card)


def _revealed_per_level_at_setup(state, rng):
    display = state.to_dict()["royal_square"]["display"]
    return sorted({len(cards) for cards in display.values()})[0] if len({len(c) for c in display.values()}) == 1 else None


_TRIES = 12


def _rounds_in_a_game(state, rng):
    """Rounds of a game no family is knocked out of (a knock-out ends the game early, as the rule cited says):
    random lines are played from the set-up until one ends without a knock-out."""
    start = state.to_dict()
    for _ in range(_TRIES):
        last = final_position(state.game.state_from_dict(start), rng)
        if last is not None and last["knocked_out_round"] is None:
            return last["round"]
    return None


QUANTITIES = (
    Quantity("rubies", "player", {"setup": _rubies_at_setup}, {"setup": (rules.TEN_RUBIES,)}),
    Quantity("cost_tiles", "common", {"setup": _cost_tiles_at_setup}, {"setup": (rules.COST_TILES,)}),
    Quantity("starting_events", "common", {"setup": _events_at_setup}, {"setup": (rules.STARTING_EVENTS,)}),
    Quantity("revealed_per_level", "common", {"setup": _revealed_per_level_at_setup},
             {"setup": (rules.LEVELS_TWO_TO_FIVE,)}, default_moment="setup"),
    Quantity("sleeves", "player", {"setup": _sleeves_at_setup}, {"setup": (FIVE_SLEEVES,)}, default_moment="setup"),
    Quantity("level_one_piles", "common", {"setup": _level_one_piles_at_setup}, {"setup": (rules.LEVEL_ONE_PILES,)},
             default_moment="setup"),
    Quantity("rounds", "common", {"game": _rounds_in_a_game}, {"game": (rules.FOUR_ROUNDS, rules.GAME_END)}, default_moment="game"),
)
