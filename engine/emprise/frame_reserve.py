"""Whether a Réserve the question states may be set aside: "Mes Ordres sont les Archers et les Gardiens. Je peux
mettre deux Archers dans ma Réserve ?", "Can my Reserve be one Archer card and one Ashes card?".

The asking sentence names the Réserve and the cards of it (an Order, with its count: "deux Archers", "two Ashes
cards", one when no count is said); the side's two Orders are the ones the other sentences name, or, when none
does, the Orders asked about and a default for the rest (named in ``facts``). The engine is given that side and
the stated Réserve as its set-up move (``{"type": "reserve"}``, tried as stated) and its verdict is read: the
Réserve set aside, or the rule that rejects it (one card per Order, never the same Order twice; a card of an
Order the side did not choose). A count bound to nothing, a third Order, a move of the duel (placing, the Mort
Subite) or a negation in the asking sentence: no position.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.names import glossary_id
from engine.emprise.orders import ORDERS, ORDERS_PER_SIDE, RESERVE_SIZE

__all__ = ["compile_reserve"]

_BY_ID = {glossary_id(order): order for order in ORDERS}
_CARD_WORDS = ("carte", "card")
_DUEL_MOVE = re.compile(r"\b(?:pose\w*|joue\w*|play\w*|plac\w*|put\s+down|mort subite|sudden death|captur\w*|"
                        r"pren\w*|take\w*|retourn\w*|flip\w*)\b")
_NEGATION = re.compile(r"\b(?:pas|jamais|ne|n'|not|never|n't|no)\b|\w+n't\b")


def compile_reserve(frame: Any) -> dict[str, Any] | None:
    """The set-up move that sets the stated Réserve aside, and whether the engine accepts it; or None."""
    if frame.form != "polar" or frame.vague:
        return None
    text = frame.text
    start, end = frame.asking_clause
    asking = text[start:end].lower()
    entities = sorted(frame.entities, key=lambda e: e.start)
    inside = [e for e in entities if start <= e.start < end]
    if not any(e.kind == "component" and e.value == "reserve" for e in inside):
        return None
    if _DUEL_MOVE.search(asking) or _NEGATION.search(asking):
        return None  # a card placed from the Réserve, or asked the other way: not the set-up's choice
    asked = [e for e in inside if e.kind == "card" and e.value in _BY_ID]
    if not asked:
        return None
    cards = _counted(frame, asked, start, end)
    if cards is None:
        return None
    side = _side_orders(frame, entities, start, end, cards)
    if side is None:
        return None
    orders, stated = side
    if len(cards) < RESERVE_SIZE:
        if not stated:
            return None  # "can an Archer go in my Réserve?" turns on Orders the question does not say
        cards = cards + [order for order in orders if order not in cards][: RESERVE_SIZE - len(cards)]
    other = [order for order in ORDERS if order not in orders][:ORDERS_PER_SIDE]
    scenario = {
        "game": "emprise", "players": 2,
        "position": {"orders": [orders, other]},
        "steps": [{"type": "reserve", "player": 0, "orders": cards, "try": True}],
    }
    return {
        "title": "La Réserve : deux cartes mises de côté, une par Ordre",
        "verdict": "yes_no", "modal": True, "unit": None, "players": {},
        "variants": [{"reading": {}, "scenario": scenario}], "then": None,
        "read": _set_aside, "reads": ("reserve_set", "rejected"),
        "facts": [{"fact": "the Réserve asked about", "source": "stated", "said": " + ".join(cards)},
                  {"fact": "the side's Orders", "source": "stated" if stated else "default", "said": " + ".join(orders)}],
    }


def _set_aside(events: list[dict]) -> bool | None:
    for event in events:
        if event["kind"] == "reserve_set":
            return True
        if event["kind"] == "rejected":
            return False if event["data"].get("reason") in ("reserve_one_per_order", "not_in_hand") else None
    return None


def _counted(frame: Any, asked: list, start: int, end: int) -> list[str] | None:
    """Each card of the stated Réserve, an Order per card; None when a count of the sentence binds no Order."""
    counts = {}
    for count in frame.counts:
        if count.start is None or not start <= count.start < end:
            continue
        order = count.unit if count.unit in _BY_ID else _next_order(asked, count, frame.text)
        if order is None or order in counts or count.negative:
            return None
        counts[order] = count.value
    cards: list[str] = []
    for entity in asked:
        if entity.value in counts:
            cards += [_BY_ID[entity.value]] * counts.pop(entity.value)
        elif _BY_ID[entity.value] not in cards:
            cards.append(_BY_ID[entity.value])
    if counts or not 0 < len(cards) <= 2 * ORDERS_PER_SIDE:
        return None
    return cards


def _next_order(asked: list, count: Any, text: str) -> str | None:
    """"deux cartes Cendres", "deux cartes des Archers", "two Ashes cards", "two cards of the Archers": a count of
    cards whose Order is said right after it."""
    if count.unit not in _CARD_WORDS:
        return None
    after = count.start + len(count.said)
    for entity in asked:
        if 0 <= entity.start - after <= 16 and re.fullmatch(r"\s*(?:cartes?|cards?)?\s*(?:de\s+|d['’]\s*|des\s+|du\s+|of\s+)?(?:l['’]\s*|la\s+|les\s+|the\s+)?",
                                                            text[after:entity.start].lower()):
            return entity.value
    return None


def _side_orders(frame: Any, entities: list, start: int, end: int, cards: list[str]) -> tuple[list[str], bool] | None:
    """The side's two Orders: those the other sentences name (stated), else the asked ones completed by default."""
    named = list(dict.fromkeys(_BY_ID[e.value] for e in entities if e.kind == "card" and e.value in _BY_ID
                               and not start <= e.start < end))
    other_counts = [c for c in frame.counts if c.start is not None and not start <= c.start < end]
    if any(not (c.value == ORDERS_PER_SIDE and c.unit == "ordre") for c in other_counts):
        return None  # "mes deux Ordres" is the only count outside the asking sentence that says nothing else
    if named:
        return (named, True) if len(named) == ORDERS_PER_SIDE else None
    asked = list(dict.fromkeys(cards))
    if len(asked) > ORDERS_PER_SIDE:
        return None
    filler = [order for order in ORDERS if order not in asked]
    return asked + filler[: ORDERS_PER_SIDE - len(asked)], False
