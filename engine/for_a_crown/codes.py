"""Phases, table sizes and pile codes, shared by the modules of the state."""

from __future__ import annotations

from bisect import insort

from engine.for_a_crown.data import MERCENARIES

RECRUIT, REVEAL, OVER = range(3)
PHASE_NAMES = ("recruit", "reveal", "over")
ROUNDS = 4
COLUMNS = 5
SLEEVES = 5
OWNER_BITS = 3
NO_OWNER = 7
EVENT_BASE = len(MERCENARIES)
"""Pile codes: ``card << 3 | owner`` for a sleeved mercenary, ``(EVENT_BASE + type) << 3 | 7`` for an event."""


def recruit_name(card: int) -> str:
    """Level-1 cards are named by their pile (the copies are the same card)."""
    return _RECRUIT_NAMES[card]


_RECRUIT_NAMES = tuple(card.name.rsplit("-", 1)[0] if card.level == 1 else card.name for card in MERCENARIES)


def insort_code(pile: list[int], code: int) -> None:
    """Put a card into a pile kept sorted (draws read it as a multiset)."""
    insort(pile, code)
