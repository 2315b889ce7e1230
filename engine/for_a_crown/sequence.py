"""The order in which a For a Crown question says its cards came up, and what families chose in between.

« On les retourne une par une, en appliquant chaque effet immédiatement »: a
question may tell several reveals of one round (« un Scandale, puis un
Cambriolage »; "Bob's Ruby Theft picks me, then a Scandal"), and the engine then
plays them in that order. :func:`sequence` returns them only when the words fix
the order and the table between them:

- consecutive cards are joined by a word of succession (``then``, ``puis``,
  ``later``, ``ensuite``...), the first perhaps after ``first``/``d'abord``;
  ``after``/``après`` or ``before``/``avant`` in front of a card can turn the
  order of the words around, so they stop the reading, except ``before`` the
  first card in a sentence naming no other (facts said as they were at the start);
- no count, sale or knock-out is said between the first card and the last (it
  could be the table in the middle of the round);
- the same event named as a second one (``another Scandal``, ``un autre``) is two
  cards, which the words do not place: no sequence;
- an Influence move or a die roll between cards (a portrait moved somewhere, a
  die face, PLACEHOLDER data) is not played; the Mages and the Coup de pouce
  magique roll it, so they only come up alone;
- a Pot-de-vin comes first (its payments are the families' choices, read from
  the words: « Inès paie 2 Pièces pour en retirer 2 », "Joe pays nothing"; a
  family whose choice is unsaid is branched over) and never last (what is asked
  there is the choice itself, which the one-card frame reads).

A single card is returned as it is. None means: no reveal the frames can play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.for_a_crown.telling import SELF, Told, _family_before, _sentence

EFFECT = "effect"
BRIBE = "Pot-de-vin"
_PLAYED_IN_SEQUENCE = frozenset({"Cambriolage", "Scandale", BRIBE, EFFECT})
_THEN = re.compile(r"\b(?:then|puis|ensuite|later|plus tard|next|afterwards|after that|followed by|suivie? d[eu']|"
                   r"apres ca|apres cela|apres quoi|et apres)\b")
_TURNING = re.compile(r"\b(?:after|apres|before|avant)\s+(?:the|a|an|le|la|l'|l’|un|une)?\s*$")
_BEFORE = re.compile(r"\b(?:before|avant)\s+(?:the|a|an|le|la|l'|l’|un|une)?\s*$")
_ANOTHER = re.compile(r"\b(?:another|autre|second|seconde|deuxieme|2nd|nouveau|nouvel|nouvelle|new|again|encore une?|"
                      r"one more)\s+(?:\w+\s+)?$")
_PAID = re.compile(r"\b(?:pays?|paid|paie|paye|spends?|spent|depense|removes?|retire|buys? off|se debarrasse de)\s+$")
_PAID_NOTHING = re.compile(r"\b(?:pays? nothing|paid nothing|pays? no\b|doesn'?t pay|does not pay|didn'?t pay|"
                           r"declines?|ne paie rien|ne paye rien|ne paie pas|ne paye pas|paie 0|refuse de payer|"
                           r"passes?)\b")


@dataclass
class Sequence:
    """The cards revealed, in the order they come up (event names, ``"effect"`` for the mercenary), and the
    Ratons Voleurs each family is said to buy off at a Pot-de-vin."""

    reveals: list[str]
    bribes: dict[str, int] = field(default_factory=dict)


def sequence(told: Told) -> Sequence | None:
    """The reveals of ``told`` in order (see the module docstring), or None."""
    ordered = [name for _, name in sorted((at, name) for name, at in told.reveal_at.items())]
    if not ordered or _influence_or_another(told):
        return None
    if len(ordered) == 1:  # a lone Pot-de-vin still plays what a family is said to pay
        bribes = _bribes(told) if BRIBE in ordered else {}
        return None if bribes is None else Sequence(ordered, bribes)
    if any(name not in _PLAYED_IN_SEQUENCE for name in ordered) or _die_said(told):
        return None
    if BRIBE in ordered and ordered[0] != BRIBE:
        return None
    positions = sorted(told.reveal_at.values())
    text = told.text
    for before, after in zip(positions, positions[1:]):
        if not _THEN.search(text, before, after):
            return None
    if not _placed_plainly(told, ordered[0]):
        return None
    if any(positions[0] < at < positions[-1] for at in told.fact_at):
        return None
    bribes = _bribes(told) if BRIBE in ordered else {}
    return None if bribes is None else Sequence(ordered, bribes)


def _influence_or_another(told: Told) -> bool:
    """An Influence move said (a portrait moved), or a second card of an event already named."""
    if any(e.kind != "number" and e.value == "influence" for e in told.entities):
        return True
    return any(_ANOTHER.search(told.text, max(0, start - 24), start) for start, _ in told.event_mentions)


def _die_said(told: Told) -> bool:
    start, end = told.asking
    return any(e.value == "de_magique" and not start <= e.start < end for e in told.entities)


def _placed_plainly(told: Told, first: str) -> bool:
    """No ``after``/``before`` in front of a card, but ``before`` the first card in a sentence of facts."""
    text = told.text
    mentions = [*told.event_mentions]
    if EFFECT in told.reveal_at:
        mentions.append((told.reveal_at[EFFECT], EFFECT))
    for start, name in mentions:
        window = text[max(0, start - 16) : start]
        if not _TURNING.search(window):
            continue
        sentence = _sentence(text, start)
        alone = all(other == name or not sentence[0] <= at < sentence[1] for at, other in mentions)
        if not (_BEFORE.search(window) and name == first and alone):
            return False
    return True


def _bribes(told: Told) -> dict[str, int] | None:
    """Ratons Voleurs bought off, by family, as the words say it; None when a payment has no family."""
    text = told.text
    found: dict[str, int] = {}
    for entity in told.entities:
        if entity.kind == "number" and _PAID.search(text, max(0, entity.start - 20), entity.start):
            family = _family_before(told, entity.start)
            if family is None:
                return None
            found.setdefault(family, entity.value)
    for match in _PAID_NOTHING.finditer(text):
        family = _family_before(told, match.start())
        if family is None:
            return None
        found.setdefault(family, 0)
    return found


__all__ = ["BRIBE", "EFFECT", "SELF", "Sequence", "sequence"]
