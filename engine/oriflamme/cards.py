"""The 11 cards of a family and their integer ids.

A card id is ``family * 11 + kind``: ``kind`` indexes :data:`NAMES` (7
characters, then 4 intrigues) and ``family`` is the seat whose family printed
it. Card names in actions and positions are the rulebook's (accents and case
optional: ``"coupe jarret"``, ``"Felon"``).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Mapping

NAMES = (
    "Prince", "Jumeau", "Reine", "Coupe-jarret", "Apothicaire", "Félon", "Intrigante",
    "Usurpation", "Machination", "Guet-apens", "Corruption",
)
FAMILY_SIZE = len(NAMES)
(PRINCE, JUMEAU, REINE, COUPE_JARRET, APOTHICAIRE, FELON, INTRIGANTE,
 USURPATION, MACHINATION, GUET_APENS, CORRUPTION) = range(FAMILY_SIZE)
CHARACTERS = frozenset(range(INTRIGANTE + 1))
"""Kinds of the character cards (CARTES PERSONNAGE); the others are intrigues."""
HAND_SIZE = 7
SET_ASIDE = 3
TURNS = 6
STARTING_INFLUENCE = 1


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.lower().replace("-", " ").replace("’", "'").strip()


_KIND_BY_NAME = {_fold(name): kind for kind, name in enumerate(NAMES)}
_KIND_BY_NAME.update({"coupejarret": COUPE_JARRET, "guetapens": GUET_APENS})


_KIND_EXACT = {name: kind for kind, name in enumerate(NAMES)}
"""The rulebook's spellings: the fast path (positions written by ``to_dict``); others are folded."""


def kind_of(name: Any, field: str = "card") -> int:
    """The kind index of a card name; ``ValueError`` names the field and lists the names."""
    kind = _KIND_EXACT.get(name) if type(name) is str else None
    if kind is not None:
        return kind
    kind = _KIND_BY_NAME.get(_fold(name)) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"{field}: expected one of {list(NAMES)}, got {name!r}")
    return kind


def card_id(family: int, kind: int) -> int:
    return family * FAMILY_SIZE + kind


def card_name(card: int) -> str:
    return NAMES[card % FAMILY_SIZE]


def card_ref(card: int) -> dict[str, Any]:
    """``{"card": "Reine", "owner": 1}``: how actions and positions name one card (``owner`` = printing family)."""
    return {"card": NAMES[card % FAMILY_SIZE], "owner": card // FAMILY_SIZE}


def parse_ref(ref: Any, players: int, field: str, default_owner: int | None = None) -> int:
    """A card id from ``{"card", "owner"}`` (or a bare name when ``default_owner`` is given).

    Raises:
        ValueError: naming ``field``, the expected shape and what was received.
    """
    if isinstance(ref, str) and default_owner is not None:
        return card_id(default_owner, kind_of(ref, field))
    if type(ref) is not dict and not isinstance(ref, Mapping) or "card" not in ref:
        raise ValueError(f"{field}: expected {{card, owner}}, got {ref!r}")
    owner = ref.get("owner", default_owner)
    if type(owner) is not int or not 0 <= owner < players:
        raise ValueError(f"{field}.owner: expected a seat from 0 to {players - 1}, got {owner!r}")
    return card_id(owner, kind_of(ref["card"], f"{field}.card"))
