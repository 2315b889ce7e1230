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
MAX_STATED_CARDS = 4
"""Cards a hand-built position may add to the game's 90 (ids 91-94): a cost a player states that no printed card
has ("a card costing 4 red and 2 black"), so that the rules apply to the position the question describes."""
NOBLE_POINTS = 3
NOBLE_COUNT = 10
MAX_STATED_NOBLES = 2
"""Nobles a hand-built position may add to the game's 10 (ids 11-12): a requirement a player states that no printed
noble has ("the noble wants 4 red and 3 green")."""
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


def with_stated_cards(tables: CardTables, stated: list, field: str = "stated_cards") -> CardTables:
    """``tables`` with the stated cards appended as ids ``CARD_COUNT + 1``…, in order.

    Each stated card is ``{"level": 1-3, "bonus": colour, "points": n >= 0, "cost": {colour: n}}``; a stated card is
    no card of the game: it exists only in the position that states it. ``ValueError`` names the bad field.
    """
    if not isinstance(stated, list) or len(stated) > MAX_STATED_CARDS:
        raise ValueError(f"{field}: expected a list of at most {MAX_STATED_CARDS} cards, got {stated!r}")
    level, points, bonus = list(tables.level), list(tables.points), list(tables.bonus)
    cost, items = list(tables.cost), list(tables.cost_items)
    for index, card in enumerate(stated):
        where = f"{field}[{index}]"
        if not isinstance(card, dict) or set(card) - {"level", "bonus", "points", "cost"}:
            raise ValueError(f"{where}: expected a mapping with some of level, bonus, points, cost, got {card!r}")
        if card.get("level") not in LEVELS:
            raise ValueError(f"{where}.level: expected one of {LEVELS}, got {card.get('level')!r}")
        if card.get("bonus") not in GEM_COLORS:
            raise ValueError(f"{where}.bonus: expected one of {GEM_COLORS}, got {card.get('bonus')!r}")
        worth = card.get("points", 0)
        if type(worth) is not int or worth < 0:
            raise ValueError(f"{where}.points: expected a non-negative integer, got {worth!r}")
        vector = _gem_vector(card.get("cost", {}), f"{where}.cost")
        level.append(card["level"])
        points.append(worth)
        bonus.append(COLOR_INDEX[card["bonus"]])
        cost.append(vector)
        items.append(tuple((c, n) for c, n in enumerate(vector) if n))
    ids_by_level = {lv: tuple(i for i in range(1, len(level)) if level[i] == lv) for lv in LEVELS}
    return CardTables(tuple(level), tuple(points), tuple(bonus), tuple(cost), tuple(items),
                      tuple(sum(vector) for vector in cost), ids_by_level)


def load_nobles(path: Path = CORPUS_DIR / "nobles.json") -> NobleTables:
    """Read and check ``nobles.json``; ``ValueError`` names the bad noble and field."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list) or len(raw) != NOBLE_COUNT:
        raise ValueError(f"nobles: expected a list of {NOBLE_COUNT} nobles, got {type(raw).__name__} of {len(raw)}")
    by_id = {noble.get("id"): noble for noble in raw}
    if sorted(by_id, key=str) != sorted(range(1, NOBLE_COUNT + 1), key=str):
        raise ValueError(f"nobles: expected ids 1-{NOBLE_COUNT}, got {sorted(by_id, key=str)}")
    points, requirement, items = [0], [(0,) * 5], [()]
    for noble_id in range(1, NOBLE_COUNT + 1):
        noble = by_id[noble_id]
        if noble.get("points") != NOBLE_POINTS:
            raise ValueError(f"nobles[{noble_id}].points: expected {NOBLE_POINTS}, got {noble.get('points')!r}")
        vector = _gem_vector(noble["requirements"], f"nobles[{noble_id}].requirements")
        points.append(noble["points"])
        requirement.append(vector)
        items.append(tuple((c, n) for c, n in enumerate(vector) if n))
    return NobleTables(tuple(points), tuple(requirement), tuple(items), tuple(range(1, NOBLE_COUNT + 1)))


def with_stated_nobles(tables: NobleTables, stated: list, field: str = "stated_nobles") -> NobleTables:
    """``tables`` with the stated nobles appended as ids ``NOBLE_COUNT + 1``…, in order.

    Each stated noble is ``{"requirements": {colour: n}}`` (worth the rulebook's 3 points); a stated noble exists only
    in the position that states it. ``ValueError`` names the bad field.
    """
    if not isinstance(stated, list) or len(stated) > MAX_STATED_NOBLES:
        raise ValueError(f"{field}: expected a list of at most {MAX_STATED_NOBLES} nobles, got {stated!r}")
    points, requirement, items = list(tables.points), list(tables.requirement), list(tables.requirement_items)
    for index, noble in enumerate(stated):
        if not isinstance(noble, dict) or set(noble) != {"requirements"}:
            raise ValueError(f"{field}[{index}]: expected a mapping with requirements, got {noble!r}")
        vector = _gem_vector(noble["requirements"], f"{field}[{index}].requirements")
        if not any(vector):
            raise ValueError(f"{field}[{index}].requirements: expected at least one bonus, got {noble['requirements']!r}")
        points.append(NOBLE_POINTS)
        requirement.append(vector)
        items.append(tuple((c, n) for c, n in enumerate(vector) if n))
    return NobleTables(tuple(points), tuple(requirement), tuple(items), tuple(range(1, len(points))))


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
