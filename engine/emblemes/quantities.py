"""The quantities of an Emblèmes position a player asks about (see :mod:`engine.core.quantity`).

Each is read off the engine's own state: after set-up, or along a random game
played to the moment asked (the service checks that every seed agrees).
"""

from __future__ import annotations

from engine.core.citations import Citation
from engine.core.quantity import Quantity, final_position, play_until
from engine.emblemes import rules

FAMILY_CARDS = Citation(rules.SETUP, "Chaque joueur choisit une couleur, prend ses 15 cartes Personnage, les mélange et forme sa pioche personnelle, face cachée.")
STARTING_HAND = Citation(rules.SETUP, "Chaque joueur pioche 6 cartes pour constituer sa main de départ.")
LOCATIONS = Citation(rules.SETUP, "Placez les 3 cartes Lieu en colonne, les unes au-dessus des autres : Château en haut, Village au milieu, Port en bas.")
STARTING_COINS = Citation(rules.SETUP, "Chaque joueur reçoit 3 pièces d’or et les place visiblement devant lui.")


def _hands(position) -> list[int]:
    return [len(player["hand"]) for player in position["players"]]


def _coins_at_setup(state, rng):
    return [player["coins"] for player in state.to_dict()["players"]]


def _hand_at_setup(state, rng):
    return _hands(state.to_dict())


def _locations_at_setup(state, rng):
    return len(state.to_dict()["locations"])


def _family_at_setup(state, rng):
    return [len(player["hand"]) + len(player["deck"]) for player in state.to_dict()["players"]]


def _deck_at_setup(state, rng):
    return [len(player["deck"]) for player in state.to_dict()["players"]]


def _hand_at_round_end(state, rng):
    """Hand sizes once the round's turns are played, before the redraw."""
    position = play_until(state, rng, lambda p: p["phase"] == "end_of_round")
    return _hands(position) if position else None


def _drawn_after_round(state, rng):
    """Cards each player draws at the end of the first round: hand after the redraw minus hand before it."""
    before = play_until(state, rng, lambda p: p["phase"] == "end_of_round")
    after = play_until(state, rng, lambda p: p["round"] == 2)
    if before is None or after is None:
        return None
    return [a - b for a, b in zip(_hands(after), _hands(before))]


def _turns_in_a_round(state, rng):
    """The turn the first round's scoring starts after."""
    position = play_until(state, rng, lambda p: p["phase"] == "end_of_round")
    return position["turn"] if position else None


def _rounds_in_a_game(state, rng):
    last = final_position(state, rng)
    return last["round"] if last else None


def _hand_at_game_end(state, rng):
    last = final_position(state, rng)
    return _hands(last) if last else None


QUANTITIES = (
    Quantity("coins", "player", {"setup": _coins_at_setup}, {"setup": (STARTING_COINS,)}),
    Quantity("hand", "player", {"setup": _hand_at_setup, "round_end": _hand_at_round_end, "game_end": _hand_at_game_end},
             {"setup": (STARTING_HAND,), "round_end": (rules.TURNS_AT_3, rules.TURNS_AT_4_5, rules.REDRAW),
              "game_end": (STARTING_HAND, rules.TURNS_AT_3, rules.TURNS_AT_4_5)}),
    Quantity("family_cards", "player", {"setup": _family_at_setup}, {"setup": (FAMILY_CARDS,)}, default_moment="setup"),
    Quantity("deck", "player", {"setup": _deck_at_setup}, {"setup": (FAMILY_CARDS, STARTING_HAND)}),
    Quantity("drawn", "player", {"round_end": _drawn_after_round}, {"round_end": (rules.REDRAW,)},
             default_moment="round_end"),
    Quantity("turns", "common", {"round": _turns_in_a_round}, {"round": (rules.TURNS_AT_3, rules.TURNS_AT_4_5)},
             default_moment="round"),
    Quantity("locations", "common", {"setup": _locations_at_setup}, {"setup": (LOCATIONS,)}, default_moment="setup"),
    Quantity("rounds", "common", {"game": _rounds_in_a_game}, {"game": (rules.THREE_ROUNDS,)}, default_moment="game"),
)
