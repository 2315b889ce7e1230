"""The ten Orders, the rank deck (YAML data, a PLACEHOLDER by default) and quarter turns.

A card's ranks are a tuple ``(top, right, bottom, left)``: the index of a rank
is the direction it faces (:mod:`engine.emprise.board`). A card of an Order
placed with ``rotation`` quarter turns clockwise shows the Order's ranks moved
that many sides round: the top rank goes to the right side, and so on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import yaml

from language import fold

CORPUS_DIR = Path(__file__).resolve().parents[2] / "corpus" / "emprise"
RANKS_FILE = CORPUS_DIR / "ranks.yaml"

ORDERS = ("Dorés", "Cendres", "Piques", "Archers", "Abysses", "Chimères",
          "Pestiférés", "Gardiens", "Scribes", "Maudits")
DORES, CENDRES, PIQUES, ARCHERS, ABYSSES, CHIMERES, PESTIFERES, GARDIENS, SCRIBES, MAUDITS = range(10)
ORDER_INDEX = {name: index for index, name in enumerate(ORDERS)}
_BY_FOLDED = {fold(name): index for index, name in enumerate(ORDERS)}

CARDS_PER_ORDER = 4
ORDERS_PER_SIDE = 2
HAND_SIZE = CARDS_PER_ORDER * ORDERS_PER_SIDE
RESERVE_SIZE = ORDERS_PER_SIDE

Ranks = tuple[int, int, int, int]


def order_index(name: Any, field: str = "order") -> int:
    """The index of an Order named as the rulebook does (accents and case optional)."""
    if isinstance(name, str):
        index = _BY_FOLDED.get(fold(name))
        if index is not None:
            return index
    raise ValueError(f"{field}: expected one of {list(ORDERS)}, got {name!r}")


def rotated(ranks: Ranks, rotation: int) -> Ranks:
    """``ranks`` turned ``rotation`` quarter turns clockwise (the top rank goes right)."""
    k = rotation & 3
    if not k:
        return ranks
    return ranks[-k:] + ranks[:-k]  # type: ignore[return-value]


def parse_ranks(value: Any, field: str) -> Ranks:
    """Four integer ranks ``[top, right, bottom, left]``; ``ValueError`` names ``field``."""
    if (not isinstance(value, (list, tuple)) or len(value) != 4
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in value)):
        raise ValueError(f"{field}: expected four integer ranks [top, right, bottom, left], got {value!r}")
    return tuple(value)  # type: ignore[return-value]


def parse_rank_decks(data: Any, field: str = "emprise.rank_decks") -> tuple[Ranks, ...]:
    """``{Order: [top, right, bottom, left]}`` for all ten Orders -> ranks indexed by Order."""
    if isinstance(data, Mapping) and "orders" in data:
        data = data["orders"]
    if not isinstance(data, Mapping):
        raise ValueError(f"{field}: expected a mapping of Order to four ranks, got {type(data).__name__}")
    decks: dict[int, Ranks] = {}
    for name, ranks in data.items():
        decks[order_index(name, f"{field}.{name}")] = parse_ranks(ranks, f"{field}.{name}")
    missing = [ORDERS[i] for i in range(len(ORDERS)) if i not in decks]
    if missing:
        raise ValueError(f"{field}: every Order needs ranks; missing {missing}")
    return tuple(decks[i] for i in range(len(ORDERS)))


def load_placeholder_decks(path: Path = RANKS_FILE) -> dict[str, list[int]]:
    """The PLACEHOLDER deck shipped in ``corpus/emprise/ranks.yaml`` (made-up values, labelled so)."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, Mapping) or raw.get("placeholder") is not True:
        raise ValueError(f"{path}: the shipped deck must say placeholder: true")
    parse_rank_decks(raw["orders"], str(path))
    return {name: list(ranks) for name, ranks in raw["orders"].items()}


PLACEHOLDER_DECKS = load_placeholder_decks()
