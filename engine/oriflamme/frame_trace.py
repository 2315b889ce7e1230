"""What an Oriflamme frame did not read: the stated facts of a question that no part of its position came from.

A frame answers only when it has bound every fact the question states that the
verdict could rest on. :func:`ignored` lists the words that state a fact (a
number, a card's state, where a card sits, a negation, a condition or another
moment of the game, a card named) and that neither the table reading
(:mod:`.reading`, ``Table.used``) nor the frame module (the asked words, the
acting verb, stated influence) turned into part of the position. The frame
module refuses a question with any of them (:func:`decisive`), and the list is
the trace to read when a question is missed or, worse, answered wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

__all__ = ["Ignored", "decisive", "ignored"]

_FACT_WORDS = (
    ("number", re.compile(r"\b(?:\d+|deux|trois|quatre|cinq|six|two|three|four|five|six|twice|thrice)\b")),
    ("state", re.compile(
        r"\b(?:face[ -]?(?:cachee?s?|down|up|visible)|cachee?s?|hidden|unrevealed|revel\w*|reveal\w*|recouv\w*|covered"
        r"|uncovered|underneath|dessous|sous|under|beneath|ecart\w*|set[ -]aside|piles?(?!\s+(?:entre|a|au|sur|dessus|devant|derriere|en face|au milieu|quand|a cote)\b)|stacks?|main|hand|defauss\w*"
        r"|discard\w*|corromp\w*|bribed|on top|au[- ]dessus|in front of|devant|eliminated|eliminee?s?)\b")),
    ("relation", re.compile(
        r"\b(?:a cote|cote|colle\w*|contre|adjacent\w*|voisin\w*|touche\w*|next to|beside|touching|neighbou?r\w*"
        r"|alongside|entre|between|extremite\w*|bout|ends?|debut|plus loin|ailleurs|loin|elsewhere|further|farther"
        r"|gauche|droite|left|right|side|avant|apres|before|after|first|premiere?|derniere?|last)\b")),
    ("negation", re.compile(r"\b(?:pas|not|never|jamais|aucune?|no|sans|without|ni|nobody|personne|none|nothing|rien)\b|n['’]t\b")),
    ("condition", re.compile(
        r"\b(?:si|if|unless|sauf si|would|serait|aurait|auraient|prochain|suivant|next (?:round|turn)|later|plus tard"
        r"|tour suivant|au tour \d|round \d|tour \d|\d+(?:e|eme|th|rd|nd)? tours?)\b")),
)


_NARRATIVE = re.compile(
    r"\b(?:(?:last|previous|earlier|the other) (?:round|turn)|(?:\w+ )?(?:rounds?|turns?) ago|this (?:round|turn)"
    r"|(?:au|le|du|lors du) tour (?:precedent|dernier|d['’ ]avant)|(?:la|a la) manche (?:derniere|precedente)|ce tour[- ]ci"
    r"|(?:after|apres) (?:a (?:couple|few) of|quelques|plusieurs|several) \w+|hier(?: soir)?|last night"
    r"|since (?:round|turn) \d|depuis le (?:tour|round) \d|(?:au|in|during) (?:tour|round|turn) \d+ (?:deja|already)"
    r"|(?:on est|nous sommes|we(?:['’]re| are)|it(?:['’]s| is)|c['’ ]est le)\s+(?:au |on |in |at )?(?:the )?(?:tour|round|turn)\s+\d"
    r"|right now|just now|at the moment|pour l['’ ]instant|en ce moment|a (?:ce|l['’ ]heure) (?:moment|actuelle))\b"
    r"|(?:^|(?<=[.!?\n]))\s*(?:tour|round|manche|turn) \d+\s*(?=[.:,\n])"
    r"|(?:^|(?<=[.!?\n]))\s*(?:au|lors du|pendant le|in|on|during) (?:tour|round|manche|turn) \d+\b(?!\s*(?:ou|or|et|and|,|-|a|to)\s*\d)"
    r"|(?:^|(?<=[.!?\n]))\s*(?:au|lors du|pendant le|a la|in the|on the|during the) \d+(?:e|eme|st|nd|rd|th) (?:tour|round|manche|turn)\b"
)
"""When past events happened ("revealed last round", "two rounds ago", "la manche dernière"), or that the table is
the one now ("right now", "on est au tour 3", "we're on round 4", a heading "Tour 3.", a sentence opening on "Au tour 3",
"Au 4e tour", "In round 4" or "In the 4th round": the story told in turn order, its last sentence the present): the table holds their outcome (a card revealed,
points on it), not their date."""


@dataclass(frozen=True)
class Ignored:
    """A word of the question stating a fact the position did not take: ``kind`` is one of number, state,
    relation, negation, condition, card."""

    kind: str
    said: str
    start: int


def ignored(text: str, used: Iterable[tuple[int, int]], cards: Iterable[tuple[int, int, str]] = ()) -> list[Ignored]:
    """The fact words of ``text`` (folded, offsets kept) outside every ``used`` span, and the ``cards`` (start, end,
    name) the table does not hold, in text order."""
    spans = sorted([*used, *(match.span() for match in _NARRATIVE.finditer(text))])
    found = [Ignored("card", said, start) for start, end, said in cards if not _inside(start, end, spans)]
    for kind, pattern in _FACT_WORDS:
        for match in pattern.finditer(text):
            if not _inside(match.start(), match.end(), spans):
                found.append(Ignored(kind, match.group(), match.start()))
    unique = {(item.start, item.kind): item for item in found}
    return sorted(unique.values(), key=lambda item: item.start)


def decisive(items: Iterable[Ignored], question_start: int) -> list[Ignored]:
    """The ignored words a verdict could rest on: every fact word stated before the question's own words (the
    part after its last ``:`` or full stop); in the question itself, the cards and numbers it names."""
    return [item for item in items if item.start < question_start or item.kind in ("card", "number")]


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in spans)


def describe(items: Iterable[Ignored]) -> list[dict[str, Any]]:
    """Plain data for a trace: ``[{kind, said, start}]``."""
    return [{"kind": item.kind, "said": item.said, "start": item.start} for item in items]


def question_start(text: str, at: int | None = None) -> int:
    """Where the question's own words start: after the last ``:``, full stop, ``;``, ``!`` or line break before its
    question mark (the first one from ``at``)."""
    end = text.find("?", at) if at is not None else text.rfind("?")
    end = len(text) if end < 0 else end
    return max(text.rfind(mark, 0, end) for mark in (":", ".", ";", "!", "\n")) + 1
