"""Accent, case, apostrophe and ligature folding, with offsets back into the original text.

Every comparison of words in Arbitre (retrieval, answer evidence, question
understanding, engine question plug-ins) folds text the same way, so that
``Élu``, ``elu`` and ``ÉLU`` are one word, ``l’Espionne`` and ``l'Espionne``
one spelling, and ``cœur`` is ``coeur``. Quotes are never folded: callers
that need to point back at what the player or the rulebook wrote use
:func:`fold_with_offsets` (each folded character knows its original index) or
:func:`fold_same_length` (one character for one character).
"""

from __future__ import annotations

import functools
import sys
import unicodedata

import numpy as np

__all__ = ["fold", "fold_same_length", "fold_with_offsets"]

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})
_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}


def fold(text: str) -> str:
    """Lower-case ``text``, strip its accents, unify apostrophes and spell out ligatures.

    Example:
        >>> fold("L’Élu du Cœur")
        "l'elu du coeur"
    """
    return _fold(text)


@functools.lru_cache(maxsize=16384)
def _fold(text: str) -> str:
    # Cached, and whole-string: rulebook sentences are folded again for every question.
    lowered = text.translate(_APOSTROPHES).lower()
    for ligature, spelled in _LIGATURES.items():
        lowered = lowered.replace(ligature, spelled)
    return unicodedata.normalize("NFKD", lowered).translate(_combining_marks())


@functools.cache
def _combining_marks() -> dict[int, None]:
    """A ``str.translate`` table deleting every character with a combining class (about 900; built once, ~0.15 s).

    Translating with it is the same as keeping the characters ``unicodedata.combining`` gives 0,
    done in C instead of one Python call per character.
    """
    return {code: None for code in range(sys.maxunicode + 1) if unicodedata.combining(chr(code))}


def fold_with_offsets(text: str) -> tuple[str, list[int]]:
    """:func:`fold` of ``text``, and for each folded character the index of the character it came from.

    Returns:
        ``(folded, origin)`` with ``len(origin) == len(folded)`` and ``origin`` non-decreasing.
    """
    folded, origin = _fold_with_offsets(text)
    return folded, list(origin)


@functools.lru_cache(maxsize=1024)
def _fold_with_offsets(text: str) -> tuple[str, tuple[int, ...]]:
    # Cached (a question is folded by several readers); the caller gets its own list.
    translated = text.translate(_APOSTROPHES)
    if translated.isascii():  # each character folds to one: its lower case
        return translated.lower(), tuple(range(len(translated)))
    pieces = list(map(_PIECES.__getitem__, map(ord, translated)))
    origin = np.repeat(np.arange(len(pieces)), np.fromiter(map(len, pieces), dtype=np.intp, count=len(pieces)))
    return "".join(pieces), tuple(origin.tolist())


class _PieceTable(dict):
    """What each character folds to (none, one or several characters), computed on first sight."""

    def __missing__(self, code: int) -> str:
        lowered = chr(code).lower()
        lowered = _LIGATURES.get(lowered, lowered)
        self[code] = piece = "".join(part for part in unicodedata.normalize("NFKD", lowered)
                                     if not unicodedata.combining(part))
        return piece


_PIECES = _PieceTable()


def fold_same_length(text: str) -> str:
    """Lower case without accents, one character per character, so regex spans stay valid in ``text``.

    Ligatures and apostrophes are kept as they are (spelling them out would shift offsets).
    """
    return text.translate(_SAME_LENGTH)


class _SameLengthTable(dict):
    """Each character's :func:`fold_same_length`, computed on first sight (``str.translate`` reads it per character)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        self[code] = folded = (unicodedata.normalize("NFKD", char)[0] if char.isalpha() else char).lower()
        return folded


_SAME_LENGTH = _SameLengthTable()
