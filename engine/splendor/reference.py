"""Splendor's cards and nobles by name for the generated engine reference (``engine.core.reference``).

Positions and actions name a card by its id; this table says what each id is.
"""

from __future__ import annotations

from engine.core.reference import Table
from engine.splendor.data import CARDS, GEM_COLORS, NOBLES


def tables() -> list[Table]:
    cards = tuple(
        (card, CARDS.level[card], GEM_COLORS[CARDS.bonus[card]], CARDS.points[card], _gems(CARDS.cost[card]))
        for level in sorted(CARDS.ids_by_level) for card in CARDS.ids_by_level[level]
    )
    nobles = tuple((noble, NOBLES.points[noble], _gems(NOBLES.requirement[noble])) for noble in NOBLES.ids)
    return [
        Table("Development cards", ("id", "level", "bonus colour", "prestige", "cost"), cards,
              "From `corpus/splendor/cards.json` (provenance in `corpus/splendor/DATA.md`)."),
        Table("Nobles", ("id", "prestige", "bonuses required"), nobles, "From `corpus/splendor/nobles.json`."),
    ]


def _gems(vector: tuple[int, ...]) -> str:
    return ", ".join(f"{amount} {GEM_COLORS[color]}" for color, amount in enumerate(vector) if amount)
