"""The fifteen Personnage cards, the three locations, and the compact card codes.

A card on the table is one small int, ``value * 8 + owner`` (value 1-15, owner
seat 0-4): every family holds exactly one card of each value, so the pair names
a physical card, sorts by value, and keeps the state lean (plain lists of ints).
"""

from __future__ import annotations

import unicodedata

from engine.core.names import Names

FAMILY_SIZE = 15
HAND_SIZE = 6
STARTING_COINS = 3
ROUNDS = 3
OWNER_BITS = 3
OWNER_MASK = 7

ROI, PRINCESSE, SORCIERE, GARDE, VOLEUSE, ALCHIMISTE, COURTISANE, STRATEGE = 15, 14, 13, 12, 11, 10, 9, 8
TRAITRE, MARCHAND, GUERRIERE, BARDE, ESPIONNE, MATELOT, CHASSEUR = 7, 6, 5, 4, 3, 2, 1

NAMES = (
    None, "Chasseur", "Matelot", "Espionne", "Barde", "Guerrière", "Marchand", "Traître",
    "Stratège", "Courtisane", "Alchimiste", "Voleuse", "Garde", "Sorcière", "Princesse", "Roi",
)
"""``NAMES[value]``: the card's name as the rulebook writes it."""

IMMEDIATE = frozenset({ROI, GARDE, VOLEUSE, ALCHIMISTE, COURTISANE, STRATEGE, GUERRIERE, BARDE, CHASSEUR})
"""Cards marked ♦ (effect when placed); the others are marked ☐ (end of round)."""
END_OF_ROUND = frozenset(range(1, FAMILY_SIZE + 1)) - IMMEDIATE

LOCATIONS = ("Château", "Village", "Port")
"""In scoring order, top to bottom of the column."""
PORT = 2

SIDES = ("left", "right")
SIDE_NAMES = Names(SIDES, "side")


def code(value: int, owner: int) -> int:
    return value << OWNER_BITS | owner


def value_of(card: int) -> int:
    return card >> OWNER_BITS


def owner_of(card: int) -> int:
    return card & OWNER_MASK


def card_dict(card: int) -> dict:
    """The JSON form of a card on the table: ``{"card": "Roi", "owner": 2}``."""
    return {"card": NAMES[card >> OWNER_BITS], "owner": card & OWNER_MASK}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


_VALUE_BY_NAME = {}
for _value in range(1, FAMILY_SIZE + 1):
    _VALUE_BY_NAME[NAMES[_value]] = _value
    _VALUE_BY_NAME[_fold(NAMES[_value])] = _value
_LOCATION_BY_NAME = {}
for _index, _name in enumerate(LOCATIONS):
    _LOCATION_BY_NAME[_name] = _index
    _LOCATION_BY_NAME[_fold(_name)] = _index


def card_value(name: object, field: str = "card") -> int:
    """The value of a card named as in the rulebook (accents optional).

    Raises:
        ValueError: naming ``field``, the allowed names and the name received.
    """
    value = _VALUE_BY_NAME.get(name) if isinstance(name, str) else None
    if value is None and isinstance(name, str):
        value = _VALUE_BY_NAME.get(_fold(name))
    if value is None:
        raise ValueError(f"{field}: expected a card name, one of {list(NAMES[1:])}, got {name!r}")
    return value


def location_index(name: object, field: str = "location") -> int:
    """0, 1 or 2 for Château, Village, Port (accents optional)."""
    index = _LOCATION_BY_NAME.get(name) if isinstance(name, str) else None
    if index is None and isinstance(name, str):
        index = _LOCATION_BY_NAME.get(_fold(name))
    if index is None:
        raise ValueError(f"{field}: expected one of {list(LOCATIONS)}, got {name!r}")
    return index


def turns_per_round(num_players: int) -> int:
    """4 turns at 3 players, 3 at 4 or 5."""
    return 4 if num_players == 3 else 3


def insertion_bounds(row: list[int], value: int) -> tuple[int, int]:
    """Where a card of ``value`` may go in a descending row: ``(lo, hi)``.

    ``lo == hi`` when no card of equal value is present; otherwise ``lo`` is left
    of the equal cards and ``hi`` right of them.
    """
    lo = 0
    size = len(row)
    while lo < size and row[lo] >> OWNER_BITS > value:
        lo += 1
    hi = lo
    while hi < size and row[hi] >> OWNER_BITS == value:
        hi += 1
    return lo, hi
