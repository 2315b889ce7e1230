"""Helpers for a game's question plug-in (``engine/<game>/questions.py``).

The question answerer (``service/grounding``) asks each game to recognise what
its glossary cannot express and to word engine events in the asker's language;
these two pieces are the same for every game.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.core.rejections import canonical

EventWording = Callable[[Mapping[str, Any]], str]
Describer = Callable[[Mapping[str, Any], str], "str | None"]

PLACE_WORDS: dict[str, list[str]] = {"fr": ["poser", "pose", "placer", "place", "mettre", "jouer"],
                                     "en": ["place", "put", "play", "lay"]}
"""The verbs of placing a card, the same in every game (a legality declaration adds its own: "glisser")."""


def french_describer(events: Mapping[str, EventWording], rejections: Mapping[str, str]) -> Describer:
    """A ``describe(event, language)`` hook that words events in French.

    Args:
        events: event kind -> a function of the event's data giving the French sentence.
        rejections: rejection reason code -> French reason.

    Returns:
        The hook: the French sentence, or None (the engine's own message is kept)
        for other languages and for events it has no wording for.
    """

    # A table written with an older code (``not_your_turn``) still words its shared code (``wrong_turn``).
    by_code = {**{canonical(code): text for code, text in rejections.items()}, **rejections}

    def describe(event: Mapping[str, Any], language: str) -> str | None:
        if language != "fr":
            return None
        data = event.get("data") or {}
        if event.get("kind") == "rejected":
            reason = by_code.get(data.get("reason"))
            return f"action refusée : {reason}" if reason else None
        wording = events.get(event.get("kind"))
        try:
            return wording(data) if wording else None
        except (KeyError, TypeError):
            return None

    return describe
