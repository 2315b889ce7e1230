"""What "can I …?" asks of EMPRISE: placing a card on the board, the words that say how, and how to see it in
``legal_actions`` (read by ``service/grounding/legality.py``; plain data, the engine never imports the service).

A bound object is a dict ``{"term", "kind", "name", "attributes", "count"}``: an Order the question names.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.names import glossary_id
from engine.core.wording import PLACE_WORDS
from engine.emprise import rules
from engine.emprise.board import SQUARE_NAMES
from engine.emprise.orders import ORDERS

KINDS: dict[str, dict[str, Any]] = {
    "place": {
        "words": PLACE_WORDS,
        "terms": ["poser"],
        "types": ["place"],
        "binds": ["card"],
        "neutral": ["carte", "case", "plateau"],
        "cites": rules.EIGHT_CARDS_TWENTY_SQUARES,
        "label": {"fr": "poser une carte sur le plateau", "en": "place a card on the board"},
    },
}
"""Kind id -> words, glossary ``terms`` that say it, engine action ``types``, glossary kinds it ``binds`` (an
Order), the glossary ids that only name its nouns (``neutral``), the rule it ``cites``, its ``label`` in answers."""

TURN_IS_ONE_PLAYERS = True
"""Players alternate, one card each: "deux cartes dans le même tour" asks for a second card before the opponent's."""

QUALIFIERS: dict[str, dict[str, list[str]]] = {
    "on_card": {"fr": ["sur * carte", "sur * cartes", "occupee", "deja prise", "par dessus", "recouvrir", "dessus"],
                "en": ["on * card", "on top", "over", "occupied", "taken", "cover"]},
    "enemy": {"fr": ["adverse", "adverses", "ennemie", "ennemies", "ennemi", "autre"],
              "en": ["enemy", "opponent", "opponents", "another", "other"]},
    "rotated": {"fr": ["tourner", "tournee", "pivoter", "quart de tour", "orienter", "sens"],
                "en": ["rotate", "rotated", "turn it", "turned", "quarter turn", "orient", "sideways"]},
}


def understood(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str]) -> bool:
    """One Order at most, no count of cards ("2 Abysses" describes the board, not the move), and "an enemy card"
    only as the card placed on."""
    if "enemy" in qualifiers and "on_card" not in qualifiers:
        return False
    return len(bound) <= 1 and all(thing["count"] in (None, 1) for thing in bound)


def matches(kind: str, action: Mapping[str, Any], bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str],
            state: Any) -> bool:
    """Whether the legal placement ``action`` is the one stated: the Order named, on a held square, turned."""
    if bound and glossary_id(action["order"]) != glossary_id(bound[0]["term"]):
        return False
    if "on_card" in qualifiers and action["square"] not in _occupied(state):
        return False
    return "rotated" not in qualifiers or action["rotation"] != 0


def attempt(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str], player: int, state: Any):
    """A legal placement of the Order moved onto a square that holds a card (for the engine's rejection)."""
    occupied = _occupied(state)
    legal = [a for a in state.legal_actions(player) if a["type"] == "place"]
    if "on_card" not in qualifiers or not occupied or not legal:
        return None
    named = [order for order in ORDERS if bound and glossary_id(order) == glossary_id(bound[0]["term"])]
    return {**legal[0], "order": named[0] if named else legal[0]["order"], "square": occupied[0]}


def _occupied(state: Any) -> list[str]:
    empties = set(state.empties)
    return [name for index, name in enumerate(SQUARE_NAMES) if index not in empties]

