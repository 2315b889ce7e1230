"""Accent- and case-folded words of a question, each with its span in the original text.

Recognition compares folded, plural-stripped words, but entities must point back
at the exact characters the player typed: :func:`tokens` keeps, for every word,
its ``(start, end)`` offsets into the unfolded text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_WORD = re.compile(r"[a-z0-9]+|[♦☐]")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})


@dataclass(frozen=True, slots=True)
class Token:
    """One word: ``text`` folded, ``key`` folded and singular, offsets into the original."""

    text: str
    key: str
    start: int
    end: int


def fold_with_offsets(text: str) -> tuple[str, list[int]]:
    """``text`` lower-cased without accents, and for each folded character its original index."""
    folded: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(text.translate(_APOSTROPHES)):
        decomposed = unicodedata.normalize("NFKD", char.lower())
        for part in decomposed:
            if not unicodedata.combining(part):
                folded.append(part)
                origin.append(index)
    return "".join(folded), origin


def fold(text: str) -> str:
    """Lower-case ``text`` and strip its accents (``Sorcière`` -> ``sorciere``)."""
    return fold_with_offsets(text)[0]


def singular(word: str) -> str:
    """Drop a plural ``s``/``x`` so ``jetons``/``jeton`` and ``chateaux``/``chateau`` compare equal.

    Short words are kept whole (``os``, ``ors`` stays ``or`` only from four letters on)
    so that function words do not collide with content words.
    """
    if len(word) > 3 and word[-1] in "sx" and not word.endswith("ss"):
        return word[:-1]
    return word


def tokens(text: str) -> list[Token]:
    """The words of ``text``, folded, with their offsets into ``text``."""
    folded, origin = fold_with_offsets(text)
    result = []
    for match in _WORD.finditer(folded):
        start = origin[match.start()]
        end = origin[match.end() - 1] + 1
        result.append(Token(match.group(), singular(match.group()), start, end))
    return result


def keys(text: str) -> tuple[str, ...]:
    """The folded singular words of ``text`` (for glossary names and aliases)."""
    return tuple(token.key for token in tokens(text))
