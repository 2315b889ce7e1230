"""Facing ranks told around an empty square: where each card lies, its rank, and the ranks of the card placed there.

"Zoé a une carte juste au-dessus d'une case vide, avec 4 sur son rang du bas,
et une autre juste à droite de cette case, avec 7 sur son rang de gauche. Je
pose sur cette case une carte qui a 4 en haut et 7 à droite." Each card placed
relative to *the square* faces one side of the card put there (a card above
the square faces its top); its rank is the first number told about it; the
placed card's ranks are told by side ("4 en haut", "7 on the right", "my left
rank is 3"). The result is one ``face`` per card, ``"mine:theirs:owner"``, as
:mod:`engine.emprise.questions` makes from "5 contre 5". Works on folded text
(no accents, lower case).
"""

from __future__ import annotations

import re

__all__ = ["faces_around_square"]

_SQUARE = r"(?:(?:une|la|cette|cet|l')\s*case(?:\s+vide)?|(?:an|the|that|this)\s+(?:empty\s+)?square|(?:an|the)\s+empty\s+spot)"
_WHERE = re.compile(
    r"\b(?:juste\s+|directement\s+|directly\s+|right\s+|just\s+|immediately\s+)?"
    r"(au-dessus|au\s+dessus|en\s+dessous|au-dessous|au\s+dessous|a\s+gauche|a\s+droite|above|below|under|"
    r"(?:to\s+the\s+)?left|(?:to\s+the\s+)?right)\s+(?:d'|de\s+|du\s+|of\s+)?" + _SQUARE
)
_WHERE_SAID_BEFORE = re.compile(
    r"\b(?:juste\s+|directement\s+|directly\s+|right\s+|just\s+|immediately\s+)?"
    r"(au-dessus|au\s+dessus|en\s+dessous|au-dessous|au\s+dessous|a\s+gauche|a\s+droite|above|below|under|"
    r"(?:to\s+the\s+)?left|(?:to\s+the\s+)?right)(?:\s+(?:of\s+)?it\b|\s+(?:d'|de\s+)?(?:elle|celle-ci)\b|\s*(?=[,:]))"
)
"""Where a card lies once the square has been named: "above it", "à gauche d'elle", "Au-dessus, une carte ..."."""
_SQUARE_NAMED = re.compile(_SQUARE)
_SIDE_OF_PLACED = {"au-dessus": 0, "au dessus": 0, "above": 0, "en dessous": 2, "au-dessous": 2, "au dessous": 2,
                   "below": 2, "under": 2, "a gauche": 3, "left": 3, "to the left": 3, "a droite": 1, "right": 1,
                   "to the right": 1}
"""A card above the square faces the top side of the card placed there, and so on."""
_PLACING = re.compile(r"\b(?:je\s+(?:pose|place|mets|joue)|j'y\s+(?:pose|mets)|i\s+(?:put|place|play|drop)|i'm\s+placing)\b")
_N = r"(\d{1,2})"
_SIDE = r"(haut|bas|gauche|droite|top|bottom|left|right)"
_PLACED_RANK = re.compile(
    rf"\b{_N}\s+(?:en\s+|on\s+(?:the\s+|its\s+|my\s+)?|at\s+the\s+|sur\s+(?:le\s+|la\s+|son\s+|sa\s+|mon\s+|ma\s+)?(?:rang\s+|cote\s+)?(?:de\s+|du\s+)?|a\s+)?{_SIDE}\b"
    rf"|\b{_SIDE}\s+(?:rank\s+|side\s+)?(?:of\s+|=\s*|:\s*|is\s+|vaut\s+|de\s+)?{_N}\b"
)
_FIRST_NUMBER = re.compile(rf"\b{_N}\b")
_OWN = re.compile(r"\b(?:une\s+de\s+mes|l'une\s+de\s+mes|mon\s+propre|ma\s+propre|mes\s+propres|one\s+of\s+my|my\s+own|j'ai\s+une|i\s+have\s+a)\b")


def faces_around_square(folded: str) -> list[dict]:
    """``face`` entities for the cards told around the square where a card is placed; [] when any fact is missing."""
    placing = _PLACING.search(folded)
    if placing is None:
        return []
    wheres = [m for m in _WHERE.finditer(folded, 0, placing.start())]
    named = _SQUARE_NAMED.search(folded)
    if named is not None:
        taken = [(m.start(), m.end()) for m in wheres]
        wheres += [m for m in _WHERE_SAID_BEFORE.finditer(folded, named.end(), placing.start())
                   if not any(start < m.end() and m.start() < end for start, end in taken)]
        wheres.sort(key=lambda m: m.start())
    if not wheres:
        return []
    mine, told_at = _placed_ranks(folded, placing.end())
    faces = []
    for index, where in enumerate(wheres):
        side = _SIDE_OF_PLACED[re.sub(r"\s+", " ", where.group(1))]
        end = wheres[index + 1].start() if index + 1 < len(wheres) else placing.start()
        told = _FIRST_NUMBER.search(folded, where.end(), end)
        if told is None or side not in mine or any(f[0] == side for f in faces):
            return []
        sentence_start = max(folded.rfind(mark, 0, where.start()) for mark in ".;!?") + 1
        owner = "own" if _OWN.search(folded, sentence_start, where.start()) else "enemy"
        faces.append((side, mine[side], int(told.group(1)), owner, where.start(), told.end()))
    # the placed card's ranks are part of these faces: one entity over them, so that no number is left unbound
    placed = {"kind": "placed_ranks", "value": ":".join(str(f[1]) for f in faces), "start": told_at[0], "end": told_at[1]}
    return [{"kind": "face", "value": f"{m}:{t}:{owner}", "start": start, "end": end}
            for _, m, t, owner, start, end in faces] + [placed]


def _placed_ranks(folded: str, start: int) -> tuple[dict[int, int], tuple[int, int]]:
    """The placed card's rank per side, told after ``start``, and the span of those words."""
    sides = {"haut": 0, "top": 0, "droite": 1, "right": 1, "bas": 2, "bottom": 2, "gauche": 3, "left": 3}
    ranks: dict[int, int] = {}
    span = (start, start)
    for m in _PLACED_RANK.finditer(folded, start):
        value, side = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        ranks.setdefault(sides[side], int(value))
        span = (m.start() if span[0] == start else span[0], m.end())
    return ranks, span
