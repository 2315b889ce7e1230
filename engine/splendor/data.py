"""The 90 development cards and 10 nobles, loaded once into flat lookup tables.

The JSON files live in ``corpus/splendor/`` (provenance in ``DATA.md``). The
engine never touches dicts in its hot path: every card is an integer id and its
level, bonus colour, points and cost are read from tuples indexed by that id
(index 0 is unused so that ids index directly).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parents[2] / "corpus" / "splendor"

GEM_COLORS = ("white", "blue", "green", "red", "black")
GOLD = 5
"""Index of gold in a six-slot token vector (the five gems come first)."""
TOKEN_COLORS = GEM_COLORS + ("gold",)
COLOR_INDEX = {name: index for index, name in enumerate(TOKEN_COLORS)}
LEVELS = (1, 2, 3)
CARD_COUNT = 90
NOBLE_POINTS = 3
_CARDS_PER_LEVEL = {1: 40, 2: 30, 3: 20}


@dataclass(frozen=True, slots=True)
class CardTables:
    """Per-card lookups indexed by card id (1-90); see the module docstring."""

    level: tuple[int, ...]
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    cost: tuple[tuple[int, ...], ...]
    cost_items: tuple[tuple[tuple[int, int], ...], ...]
    """Only the non-zero (colour, amount) pairs: affordability checks skip free colours."""
    total_cost: tuple[int, ...]
    ids_by_level: dict[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class NobleTables:
    """Per-noble lookups indexed by noble id (1-10)."""

    points: tuple[int, ...]
    requirement: tuple[tuple[int, ...], ...]
    requirement_items: tuple[tuple[tuple[int, int], ...], ...]
    ids: tuple[int, ...]


def load_cards(path: Path = CORPUS_DIR / "cards.json") -> CardTables:
    """Read and check ``cards.json``; ``ValueError`` names the bad card and field."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list) or len(raw) != CARD_COUNT:
        raise ValueError(f"cards: expected a list of {CARD_COUNT} cards, got {type(raw).__name__} of {len(raw)}")
    by_id = {}
    for card in raw:
        card_id = card.get("id")
        if not isinstance(card_id, int) or not 1 <= card_id <= CARD_COUNT or card_id in by_id:
            raise ValueError(f"cards: expected unique ids 1-{CARD_COUNT}, got {card_id!r}")
        if card.get("level") not in LEVELS:
            raise ValueError(f"cards[{card_id}].level: expected one of {LEVELS}, got {card.get('level')!r}")
        if card.get("color") not in GEM_COLORS:
            raise ValueError(f"cards[{card_id}].color: expected one of {GEM_COLORS}, got {card.get('color')!r}")
        by_id[card_id] = card
    per_level = Counter(card["level"] for card in raw)
    if dict(per_level) != _CARDS_PER_LEVEL:
        raise ValueError(f"cards: expected {_CARDS_PER_LEVEL} cards per level, got {dict(per_level)}")
    per_bonus = Counter((card["level"], card["color"]) for card in raw)
    uneven = sorted(key for key, n in per_bonus.items() if n * len(GEM_COLORS) != _CARDS_PER_LEVEL[key[0]])
    if uneven or len(per_bonus) != len(LEVELS) * len(GEM_COLORS):
        raise ValueError(f"cards: expected the same number of cards per bonus colour in each level, got {dict(per_bonus)}")
    level, points, bonus, cost, items = [0], [0], [0], [(0,) * 5], [()]
    for card_id in range(1, CARD_COUNT + 1):
        card = by_id[card_id]
        vector = _gem_vector(card["cost"], f"cards[{card_id}].cost")
        level.append(card["level"])
        points.append(card["points"])
        bonus.append(COLOR_INDEX[card["color"]])
        cost.append(vector)
        items.append(tuple((c, n) for c, n in enumerate(vector) if n))
    ids_by_level = {lv: tuple(i for i in range(1, CARD_COUNT + 1) if level[i] == lv) for lv in LEVELS}
    total = tuple(sum(vector) for vector in cost)
    return CardTables(tuple(level), tuple(points), tuple(bonus), tuple(cost), tuple(items), total, ids_by_level)


def load_nobles(path: Path = CORPUS_DIR / "nobles.json") -> NobleTables:
    """Read and check ``nobles.json``; ``ValueError`` names the bad noble and field."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list) or len(raw) != 10:
        raise ValueError(f"nobles: expected a list of 10 nobles, got {type(raw).__name__} of {len(raw)}")
    by_id = {noble.get("id"): noble for noble in raw}
    if sorted(by_id, key=str) != sorted(range(1, 11), key=str):
        raise ValueError(f"nobles: expected ids 1-10, got {sorted(by_id, key=str)}")
    points, requirement, items = [0], [(0,) * 5], [()]
    for noble_id in range(1, 11):
        noble = by_id[noble_id]
        if noble.get("points") != NOBLE_POINTS:
            raise ValueError(f"nobles[{noble_id}].points: expected {NOBLE_POINTS}, got {noble.get('points')!r}")
        vector = _gem_vector(noble["requirements"], f"nobles[{noble_id}].requirements")
        points.append(noble["points"])
        requirement.append(vector)
        items.append(tuple((c, n) for c, n in enumerate(vector) if n))
    return NobleTables(tuple(points), tuple(requirement), tuple(items), tuple(range(1, 11)))


def _gem_vector(amounts: dict, field: str) -> tuple[int, ...]:
    unknown = sorted(set(amounts) - set(GEM_COLORS))
    if unknown:
        raise ValueError(f"{field}: expected colours among {GEM_COLORS}, got {unknown}")
    vector = tuple(amounts.get(color, 0) for color in GEM_COLORS)
    if any(not isinstance(n, int) or n < 0 for n in vector):
        raise ValueError(f"{field}: expected non-negative integers, got {amounts!r}")
    return vector


CARDS = load_cards()
NOBLES = load_nobles()
