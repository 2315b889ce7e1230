"""What "can I …?" asks of Splendor: each kind of move, the words that say it and how to see it in ``legal_actions``.

Read by the legality check (``service/grounding/legality.py``), which answers
"can I <move>?" from the engine's legal actions over many positions. Plain data
and two pure functions: the engine never imports the service. A bound object is
a dict ``{"term", "kind", "name", "attributes", "count"}`` (a glossary term the
question names, with the number said before it, or None).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from engine.splendor import rules

KINDS: dict[str, dict[str, Any]] = {
    "take": {
        "words": {"fr": ["prendre", "prends", "piocher", "ramasser", "recuperer"],
                  "en": ["take", "grab", "pick", "collect"]},
        "terms": ["prendre_or", "prendre_n_jetons"],  # not the 2-same / 3-different takes: those are qualifiers
        "types": ["take_same", "take_different"],
        "binds": ["token"],
        "neutral": ["jeton"],
        "cites": rules.ONE_ACTION,
        "label": {"fr": "prendre des jetons", "en": "take tokens"},
    },
    "reserve": {
        "words": {"fr": ["reserver"], "en": ["reserve"]},
        "terms": ["reserver"],
        "types": ["reserve"],
        "binds": [],
        "neutral": ["carte_developpement"],
        "cites": rules.RESERVE_OR_BUY,
        "label": {"fr": "réserver une carte", "en": "reserve a card"},
    },
    "buy": {
        "words": {"fr": ["acheter"], "en": ["buy", "purchase"]},
        "terms": ["acheter"],
        "types": ["buy"],
        "binds": [],
        "neutral": ["carte_developpement"],
        "cites": rules.RESERVE_OR_BUY,
        "label": {"fr": "acheter une carte", "en": "buy a card"},
    },
}
"""Kind id -> ``words`` (lexicon entries, ``*`` a stem), ``terms`` (glossary ids that say it too), the engine's
action ``types``, the glossary kinds a question may ``bind`` to it, the glossary ids that are just the move's
noun (``neutral``), the rule it ``cites`` when no rejection of the engine names one, and its ``label`` in answers."""

TURN_IS_ONE_PLAYERS = True
"""A turn ("tour", "turn") is one player's go: "deux fois dans le même tour" asks for the move again before anyone
else moves (``service/grounding/legality.py`` knows the words)."""

QUALIFIERS: dict[str, dict[str, list[str]]] = {
    "same": {"fr": ["meme couleur", "une seule couleur", "d une couleur"],
             "en": ["same colour", "same color", "one colour", "one color", "of a kind"]},
    "different": {"fr": ["couleurs differentes", "differentes couleurs", "couleur differente", "differentes"],
                  "en": ["different colours", "different colors", "different colour", "different color", "different"]},
    "blind": {"fr": ["pioche", "pioches", "du dessus", "a l aveugle", "face cachee", "paquet"],
              "en": ["deck", "decks", "top of", "blind", "face down", "face-down", "draw pile"]},
    "visible": {"fr": ["visible", "visibles", "du centre", "au centre", "face visible"],
                "en": ["visible", "face up", "face-up", "from the display", "on display", "from the market"]},
}
"""Tokens of one colour or of different colours (a take); where a reserved or bought card comes from: the top of a
deck (``level`` in the action) or the display."""


def matches(kind: str, action: Mapping[str, Any], bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str],
            state: Any) -> bool:
    """Whether the legal ``action`` is the move the question states (``kind`` with its ``bound`` tokens)."""
    if kind != "take":
        return not bound and _from_where(action, qualifiers, state)
    taken = _taken(action)
    if "same" in qualifiers and len(taken) != 1 or "different" in qualifiers and len(taken) != sum(taken.values()):
        return False
    coloured = Counter()
    total = 0
    for thing in bound:
        count = thing["count"] or 1
        colour = (thing.get("attributes") or {}).get("colour")
        if colour:
            coloured[colour] += count
        elif thing["count"]:
            total += count
    if coloured:
        return taken == coloured and (not total or total == sum(coloured.values()))
    return not total or sum(taken.values()) == total


def understood(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str]) -> bool:
    """Tokens and their colours (one, or different) only with a take, a card's origin only with a reserve or a buy,
    and one of each at a time."""
    if kind == "take":
        return not qualifiers - {"same", "different"} and len(qualifiers) <= 1
    return not bound and not qualifiers & {"same", "different"} and len(qualifiers) <= 1


def _from_where(action: Mapping[str, Any], qualifiers: frozenset[str], state: Any) -> bool:
    """Whether the action's card comes from where the question says: a deck's top, or the face-up display."""
    if "blind" in qualifiers:
        return "level" in action
    if "visible" in qualifiers:
        return "card" in action and any(action["card"] in row for row in state.market)
    return True


def attempt(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str], player: int,
            state: Any) -> dict | None:
    """The stated move as the engine spells it (applied for its rejection and the rule it cites), or None."""
    if kind != "take":
        return None
    coloured = Counter()
    for thing in bound:
        colour = (thing.get("attributes") or {}).get("colour")
        if colour:
            coloured[colour] += thing["count"] or 1
    if len(coloured) == 1 and sum(coloured.values()) == 2:
        return {"type": "take_same", "player": player, "color": next(iter(coloured))}
    if coloured:
        return {"type": "take_different", "player": player, "colors": list(coloured.elements())}
    return None


def _taken(action: Mapping[str, Any]) -> Counter:
    if action["type"] == "take_same":
        return Counter({action["color"]: 2})
    return Counter(action["colors"])
