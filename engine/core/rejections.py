"""The rejection codes every engine shares, and the older codes that still mean them.

An illegal action returns one ``rejected`` event whose ``data.reason`` is a
stable code (:func:`engine.core.events.rejection`). A situation every game has
(another seat acts now, this action does not belong to the current phase, the
game is over) has one code across games, listed in :data:`SHARED`; a rule of one
game keeps a code of its own (``pile_below_four``), which the game's generated
reference lists (``engine.core.reference``). Codes that engines used before the
vocabulary was shared are :data:`ALIASES`: scenarios and clients that still
expect them keep working (:func:`same_reason`), but no engine emits them
(``tests/design/test_rejection_codes.py``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ALIASES", "SHARED", "canonical", "meaning", "same_reason"]

SHARED: dict[str, str] = {
    "wrong_turn": "Another seat acts now: the action names a player who is not the one to move or decide.",
    "wrong_phase": "The action does not belong to the current phase, or no decision of that kind is awaited.",
    "game_over": "The game is over: no action is accepted any more.",
    "decision_pending": "A pending decision must be answered before anything else happens.",
    "wrong_decision": "The answer is not of the kind the pending decision asks for.",
    "illegal_choice": "The answer is not one of the pending decision's legal options.",
    "not_in_hand": "The card is not in that player's hand.",
    "card_not_available": "The card is not where the action takes it from.",
    "cannot_afford": "The player cannot pay what the action costs.",
    "deck_empty": "The deck the action draws from is empty.",
}
"""Shared code -> what it means in every game."""

ALIASES: dict[str, str] = {
    "not_your_turn": "wrong_turn",
    "not_now": "wrong_phase",
    "resolve_first": "wrong_phase",
    "wrong_effect": "wrong_decision",
    "illegal_target": "illegal_choice",
    "cannot_pay": "cannot_afford",
}
"""Older code -> the shared code that replaced it (accepted from scenarios and clients, never emitted)."""


def canonical(code: Any) -> Any:
    """The shared code an older one stands for; any other value unchanged."""
    return ALIASES.get(code, code) if isinstance(code, str) else code


def same_reason(expected: Any, actual: Any) -> bool:
    """Whether an expected rejection code names the actual one (aliases resolved on both sides)."""
    return canonical(expected) == canonical(actual)


def meaning(code: str) -> str | None:
    """What a shared code (or an alias of one) means; ``None`` for a game's own code."""
    return SHARED.get(canonical(code))
