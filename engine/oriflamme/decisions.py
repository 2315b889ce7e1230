"""The decisions a resolution waits for, on the core's :class:`~engine.core.decisions.DecisionStack`.

An ability that needs a choice pushes a decision; the player named answers it
with an action and the rest of the ability runs. A Machination keeps its
``machination_point`` decision under the ability it activated, so a chain
(Machination → Coupe-jarret → which neighbour?) unwinds in order.

``data`` keeps what the engine resumes from: ``source`` (the card whose rule
asks, a card id), ``targets`` (card ids, for ``target`` and ``activate``) and,
for a Machination, ``activated`` (the character it activated last, -1 before).
``options`` (the legal actions) are built from them when first asked for.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision
from engine.oriflamme import rules
from engine.oriflamme.cards import FAMILY_SIZE, card_ref

FACE_DOWN = "face_down"
"""Place an influence point on your face-down card, or reveal it."""
TARGET = "target"
"""The card an ability hits (Coupe-jarret, Apothicaire, Usurpation, Corruption, the Intrigante's pile)."""
ACTIVATE = "activate"
"""The character a Machination activates."""
POINT = "machination_point"
"""One point of a resolving Machination: gain it, or spend it on a repeat."""
KINDS = (FACE_DOWN, TARGET, ACTIVATE, POINT)
FACE_DOWN_OPTIONS = ("influence", "reveal")
POINT_OPTIONS = ("gain", "repeat")


def face_down(card: int) -> Decision:
    return Decision(FACE_DOWN, card // FAMILY_SIZE, None, rules.FACE_DOWN_OPTIONS, {"source": card})


def choice(kind: str, player: int, source: int, targets: tuple[int, ...], citation) -> Decision:
    return Decision(kind, player, None, citation, {"source": source, "targets": list(targets)})


def machination_point(player: int, machination: int) -> Decision:
    return Decision(POINT, player, None, rules.MACHINATION_POINTS, {"source": machination, "activated": -1})


def choices(decision: Decision) -> tuple | list:
    """The raw answers: option names for ``face_down`` and ``machination_point``, card ids otherwise."""
    kind = decision.kind
    if kind == FACE_DOWN:
        return FACE_DOWN_OPTIONS
    if kind == POINT:
        return POINT_OPTIONS
    return decision.data["targets"]


def action(decision: Decision, answer: Any) -> dict[str, Any]:
    """The action that gives ``answer`` to ``decision``."""
    kind = decision.kind
    if kind == FACE_DOWN:
        return {"type": answer, "player": decision.player}
    if kind == POINT:
        return {"type": "choose", "player": decision.player, "option": answer}
    return {"type": "choose", "player": decision.player, "target": card_ref(answer)}


def options(decision: Decision) -> list[dict[str, Any]]:
    """The legal actions answering ``decision`` (built once)."""
    return decision.options_or(lambda: [action(decision, answer) for answer in choices(decision)])
