"""What Splendor questions say that the glossary cannot: "take two" written with a number.

The glossary names the take-2 action (``deux jetons``, ``même couleur``), but
players also write ``en prendre 2``, ``take two of them`` or ``2 d'un coup``;
read as a count, that 2 would be mistaken for the size of a pile. This hook
returns those mentions as the ``prendre_deux_jetons`` action (plain dicts, see
``service/grounding/hooks.py``), which replaces the number.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["recognise"]

_TAKE_TWO = re.compile(
    r"\b(?:en\s+)?(?:prendre|pren\w*|piocher|take|taking|grab)\s+(?:en\s+)?(?:2|deux|two)\b"
    r"|\b(?:2|deux|two)\s+d['’]un\s+coup\b|\b(?:2|deux|two)\s+(?:of\s+them|at\s+once)\b"
)


def recognise(question: str) -> list[dict]:
    """Mentions of taking two gems of a colour, as ``action`` entities with their spans."""
    folded = _fold_same_length(question)
    return [
        {"kind": "action", "value": "prendre_deux_jetons", "start": match.start(), "end": match.end()}
        for match in _TAKE_TWO.finditer(folded)
    ]


def _fold_same_length(text: str) -> str:
    """Lower case without accents, one character per character, so spans stay valid."""
    return "".join(
        (unicodedata.normalize("NFKD", char)[0] if char.isalpha() else char).lower() for char in text
    )
