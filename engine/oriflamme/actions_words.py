"""What "can I …?" asks of Oriflamme: placing a card in the line, the words that say where, and how to see it in
``legal_actions`` (read by ``service/grounding/legality.py``; plain data, the engine never imports the service).

A bound object is a dict ``{"term", "kind", "name", "attributes", "count"}``: a card the question names.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.core.names import glossary_id
from engine.core.wording import PLACE_WORDS
from engine.oriflamme import rules

KINDS: dict[str, dict[str, Any]] = {
    "place": {
        "words": {"fr": [*PLACE_WORDS["fr"], "glisser", "inserer", "intercaler"],
                  "en": [*PLACE_WORDS["en"], "insert", "slide"]},
        "terms": ["poser"],
        "types": ["place"],
        "binds": ["card"],
        "neutral": ["carte", "carte_personnage", "carte_intrigue", "file_d_influence", "pile_de_cartes",
                    "joueur_adverse"],
        "cites": rules.PLACEMENT,
        "label": {"fr": "poser une carte dans la file", "en": "place a card in the line"},
    },
}
"""Kind id -> words, glossary ``terms`` that say it, engine action ``types``, glossary kinds it ``binds``, the
glossary ids that only name its nouns or are read through a qualifier (``neutral``), the rule it ``cites``, and
its ``label`` in answers."""

TURN_IS_ONE_PLAYERS = True
"""A turn ("tour", "turn") is one player's go: "deux fois dans le même tour" asks for the move again before anyone
else moves (``service/grounding/legality.py`` knows the words)."""

QUALIFIERS: dict[str, dict[str, list[str]]] = {
    "between": {"fr": ["entre", "milieu", "au milieu"], "en": ["between", "middle", "in the middle"]},
    "on_card": {"fr": ["sur * carte", "sur * cartes", "sur * pile", "par dessus", "dessus", "recouvrir", "empiler",
                       "sur * reine", "sur * prince"],
                "en": ["on top", "on * card", "on * cards", "over", "cover", "stack", "on * stack"]},
    "other": {"fr": ["adverse", "adverses", "adversaire", "adversaires", "d un autre joueur", "d un autre"],
              "en": ["opponent", "opponents", "enemy", "another player", "someone else", "other player"]},
    "own": {"fr": ["ma propre", "mes propres", "ma famille", "une de mes", "mienne", "miennes"],
            "en": ["my own", "one of mine", "my family", "mine"]},
    "end": {"fr": ["au debut", "a la fin", "au bout", "extremite", "extremites", "bout"],
            "en": ["at the end", "at the start", "either end", "beginning", "at the front", "at the back"]},
}


def understood(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str]) -> bool:
    """Whether the qualifiers say one place: "another player's" alone says whose, not where; "my own" is a card."""
    if qualifiers & {"other", "own"} and "on_card" not in qualifiers:
        return False
    return not ({"other", "own"} <= qualifiers) and len(qualifiers & {"between", "on_card", "end"}) <= 1


def matches(kind: str, action: Mapping[str, Any], bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str],
            state: Any) -> bool:
    """Whether the legal placement ``action`` is the one stated: the card named, the spot said."""
    names = {glossary_id(thing["term"]) for thing in bound if thing["kind"] == "card"}
    if len(names) > 1 or names and glossary_id(action["card"]) not in names:
        return False
    at = action["at"]
    spot = "on_card" if isinstance(at, Mapping) else ("end" if at in ("start", "end") else at)
    if "between" in qualifiers:
        return spot == "between"
    if "on_card" in qualifiers:
        if spot != "on_card":
            return False
        if "other" in qualifiers:
            return at.get("owner") != action["player"]
        return True
    if "end" in qualifiers:
        return spot == "end"
    return True


def attempt(kind: str, bound: Sequence[Mapping[str, Any]], qualifiers: frozenset[str], player: int, state: Any):
    """No stated placement the engine can spell: its spots are the ends, the centre and the player's own cards."""
    return None

