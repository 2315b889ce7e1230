"""What Emblèmes questions and templates need beyond the glossary.

``recognise`` reads card values written as numbers (``un 5``, ``valeur 13``)
as ``value`` entities. ``prepare`` makes a filled template a valid position:
grounding renders cards named in a question as ``{card, owner}`` with the owner
``"self"`` (the asker, seat 0) or ``"other"``/None (seat 1), and puts each row in
the descending order the rules require (stable: equal values keep the order
written). Both return plain data, so the engine never imports the service.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Mapping

from engine.emblemes.cards import card_value

__all__ = ["prepare", "recognise"]

_VALUE = re.compile(r"\b(?:valeur|value|un|une|a)\s+(1[0-5]|[1-9])\b(?!\s*(?:joueur|player|piece|coin|jeton|token|carte|card|tour|turn|manche|round))")
_SEATS = {"self": 0, "other": 1, None: 1}
"""Owners written by roles: the asker sits at seat 0, "another player" at seat 1."""


def recognise(question: str) -> list[dict]:
    """Card values written as numbers, as ``value`` entities (the number is then not a count)."""
    folded = "".join(
        (unicodedata.normalize("NFKD", char)[0] if char.isalpha() else char).lower() for char in question
    )
    return [
        {"kind": "value", "value": int(match.group(1)), "start": match.start(1), "end": match.end(1)}
        for match in _VALUE.finditer(folded)
    ]


def prepare(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario with its location rows as ``{card, owner}`` dicts in descending order of value."""
    position = scenario.get("position")
    if not isinstance(position, Mapping) or not isinstance(position.get("locations"), Mapping):
        return dict(scenario)
    rows = {name: _row(cards, name) for name, cards in position["locations"].items()}
    return {**scenario, "position": {**position, "locations": rows}}


def _row(cards: Any, location: str) -> list[dict]:
    if not isinstance(cards, list) or not all(isinstance(card, Mapping) for card in cards):
        raise ValueError(f"position.locations.{location}: expected a list of {{card, owner}}, got {cards!r}")
    entries = [{**card, "owner": _SEATS.get(card.get("owner"), card.get("owner"))} for card in cards]
    return sorted(entries, key=lambda entry: -card_value(entry["card"]))
