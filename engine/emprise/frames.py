"""EMPRISE positions compiled from question frames (the grounding plug-in contract, docs/grounding.md).

One question this module answers from a frame: who places the duel's last
card, given who opened ("Léa a gagné le tirage et commence", "I opened"). The
opener sits at seat 0 and the engine plays the 16th placement of a duel whose
15 first cards are down: the seat that places it is read off the event. The
players are named as the question names them (the opener's name from the
``opener`` entity of :mod:`engine.emprise.questions`, the other from the
question's other named player, or the asker). A frame that does not say who
opened gets no position. Placement questions (ranks that face each other) go
through the templates under ``corpus/emprise/scenarios/templates``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ACTIONS", "ASKS", "compile"]

ACTIONS: frozenset[str] = frozenset()
ASKS = frozenset({"last_card"})

_YOU = {"fr": "vous", "en": "you"}


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The run that answers ``frame``, or None when it is not a question this module knows how to place."""
    asked = frame.asked
    if asked is None or asked.what not in ASKS or frame.cards or frame.counts:
        return None
    openers = [e for e in frame.entities if e.kind == "opener"]
    if len(openers) != 1:
        return None
    opener = openers[0].value
    names = list(frame.players)
    if opener.startswith("name:"):
        opener_name = opener[len("name:"):]
        others = [name for name in names if name != opener_name]
        if len(others) > 1:
            return None
        players = {0: opener_name, 1: others[0] if others else _YOU[frame.language]}
    elif opener == "self":
        if len(names) > 1:
            return None
        players = {0: _YOU[frame.language], 1: names[0] if names else _other(frame.language)}
    else:
        if len(names) > 1:
            return None
        players = {0: names[0] if names else _other(frame.language), 1: _YOU[frame.language]}
    scenario = {
        "game": "emprise",
        "players": 2,
        "position": {
            "first_player": 0, "placements": 15, "counts": [8, 7],
            "hands": [[], [{"order": "Maudits", "ranks": [0, 0, 0, 0]}]],
        },
        "steps": [{"type": "place"}],
    }
    return {
        "title": "Qui pose la dernière carte du duel ?",
        "verdict": "player",
        "modal": False,
        "unit": None,
        "players": players,
        "variants": [{"reading": {}, "scenario": scenario}],
        "then": None,
        "read": _last_placer,
        "reads": ("card_placed",),
        "facts": [{"fact": "opener", "source": "stated", "said": openers[0].value}],
    }


def _last_placer(events: list[dict]) -> int | None:
    placed = [e for e in events if e.get("kind") == "card_placed"]
    return placed[-1]["data"]["player"] if placed else None


def _other(language: str) -> str:
    return "votre adversaire" if language == "fr" else "your opponent"
