"""What "can I …?" asks of Emblèmes: placing the revealed card in a location, the words that say it, and how to
see it in ``legal_actions`` (read by ``service/grounding/legality.py``; plain data, the engine never imports the
service).

A bound object is a dict ``{"term", "kind", "name", "attributes", "count"}``: a location the question names.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.names import glossary_id
from engine.core.wording import PLACE_WORDS
from engine.emblemes import rules

KINDS: dict[str, dict[str, Any]] = {
    "place": {
        "words": PLACE_WORDS,
        "terms": ["poser"],
        "types": ["place"],
        "binds": ["location"],
        "neutral": ["carte_personnage"],
        "nouns": {"fr": ["carte", "cartes"], "en": ["card", "cards"]},
        "cites": rules.REVEAL_ORDER,
        "label": {"fr": "poser sa carte dans un lieu", "en": "place one's card in a location"},
    },
}
"""Kind id -> words, glossary ``terms`` that say it, engine action ``types``, glossary kinds it ``binds`` (a
location), the glossary ids that only name its nouns (``neutral``) and the plain ``nouns`` no glossary entry
holds, the rule it ``cites``, its ``label``."""

TURN_IS_ONE_PLAYERS = True
"""A turn is one card per player: "deux cartes dans le même tour" asks for a second card before the others'."""

QUALIFIERS: dict[str, dict[str, list[str]]] = {}


def understood(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str]) -> bool:
    """One location, said once, without a count."""
    return len(bound) <= 1 and all(thing["count"] in (None, 1) for thing in bound)


def matches(kind: str, action: Mapping[str, Any], bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str],
            state: Any) -> bool:
    """Whether the legal placement ``action`` puts the card in the location named."""
    return not bound or glossary_id(action["location"]) == glossary_id(bound[0]["term"])


def attempt(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str], player: int, state: Any):
    """No placement to try: every location is offered unless a Stratège imposes one (then its rule is the
    rejection, which the survey finds only by playing)."""
    return None

