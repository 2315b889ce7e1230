"""What happens to each card a placement faces: the verdict of "que devient chacune de ces cartes ?".

The frame of a placement (:mod:`engine.emprise.frame_placement`) lays the faced
cards on the sides of ``c2`` in the order the question tells them (top, right,
bottom, left: ``position.frame``). This reads the engine's ``captured`` events
square by square and words each card's fate, grouped by outcome, captures first:
"captured by Resonance: the enemy card (3 against 3); stays yours: your own
card (6 against 6)". A card the placer owns never changes sides; it is said to
stay its owner's (and, when it tied, to count for the Résonance).
"""

from __future__ import annotations

from typing import Callable

from engine.emprise.board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES

__all__ = ["each_card"]

_SQUARE = "c2"
_AGAINST = {"fr": "contre", "en": "against"}
_OUTCOMES = {
    "fr": {"capture": "prise", "resonance": "prise par Résonance", "onde": "prise par l'Onde", "stays": "ne bouge pas",
           "own": "reste {placer}", "own_tie": "reste {placer} et compte pour la Résonance"},
    "en": {"capture": "captured", "resonance": "captured by Resonance", "onde": "captured by the Onde",
           "stays": "stays where it is", "own": "stays {placer}", "own_tie": "stays {placer} and counts for the Resonance"},
}
_ORDER = ("resonance", "capture", "onde", "stays", "own_tie", "own")


def each_card(parts: list[list[str]], language: str, players: dict[int, str]) -> Callable[[list[dict]], str]:
    """The ``read`` of a frame asking what happens to each faced card: ``parts`` are its faces split
    (``[placed rank, faced rank, owner, Order?]``), ``players`` seat 0 the placer, seat 1 the other side."""
    squares = [SQUARE_NAMES[sq] for _, sq in NEIGHBOURS[SQUARE_INDEX[_SQUARE]]]
    placer = players[0]
    placer_words = _possessive(placer, language)
    other_words = _card_of(players[1], language)

    def read(events: list[dict]) -> str:
        taken = {e["data"]["square"]: e["data"]["rule"].split(" ")[0] for e in events
                 if e.get("kind") == "captured" and e["data"]["player"] == 0}
        resonated = any(e.get("kind") == "resonance" for e in events)
        groups: dict[str, list[str]] = {}
        for part, square in zip(parts, squares):
            pair = f"{part[0]} {_AGAINST[language]} {part[1]}"
            if part[2] == "own":
                outcome = "own_tie" if resonated and part[0] == part[1] else "own"
                groups.setdefault(outcome, []).append(f"{placer_words['card']} ({pair})")
                continue
            outcome = taken.get(square, "stays")
            outcome = "onde" if outcome == "onde" else outcome if outcome in _OUTCOMES[language] else "capture"
            groups.setdefault(outcome, []).append(f"{other_words} ({pair})")
        separator = " ; " if language == "fr" else "; "
        colon = " : " if language == "fr" else ": "
        return separator.join(_said(outcome, language, placer, placer_words) + colon + ", ".join(groups[outcome])
                              for outcome in _ORDER if outcome in groups)

    return read


def _said(outcome: str, language: str, placer: str, placer_words: dict[str, str]) -> str:
    """An outcome in words; a capture names its taker when the placer is not the asker ("prise par Eva")."""
    said = _OUTCOMES[language][outcome].format(placer=placer_words["stays"])
    if placer in ("vous", "you") or outcome not in ("capture", "resonance", "onde"):
        return said
    taker = f"{'par' if language == 'fr' else 'by'} {placer}"
    how = said.split(" ", 1)[1] if " " in said else ""  # "par Résonance", "by Resonance"
    return f"{said.split(' ', 1)[0]} {taker}" + (f" ({how.split(' ', 1)[1]})" if how else "")


def _possessive(placer: str, language: str) -> dict[str, str]:
    """How the placer's own card and its staying are said: "votre propre carte"/"à vous", or by name."""
    if placer in ("vous", "you"):
        return ({"card": "votre propre carte", "stays": "à vous"} if language == "fr"
                else {"card": "your own card", "stays": "yours"})
    if language == "fr":
        return {"card": f"la propre carte de {placer}", "stays": f"à {placer}"}
    return {"card": f"{placer}'s own card", "stays": f"{placer}'s"}


def _card_of(owner: str, language: str) -> str:
    """The faced enemy card, as its owner is named: "votre carte", "la carte d'Eva", "your opponent's card"."""
    if owner in ("vous", "you"):
        return "votre carte" if language == "fr" else "your card"
    if language == "fr":
        return "la carte ennemie" if owner == "votre adversaire" else f"la carte {'d’' if owner[:1].lower() in 'aeiouyh' else 'de '}{owner}"
    return "the enemy card" if owner == "your opponent" else f"{owner}'s card"
