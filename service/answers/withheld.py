"""Withheld data: what the rules engine names as an assumption because the text names the data and does not give it.

The reward table the text announces (« Voici un tableau récapitulatif… : ») and never gives, the starting coins
« selon votre position dans la Galerie : », the faces of the magic die: each is a named assumption of the game's
engine whose own question asks for a number, a name or a list (:attr:`.gaps.KnownGap.withholds`). A question that
asks that kind, about that sentence, asks what the rulebook lacks (docs/calibration.md "Withheld data").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from service.answers.gaps import WITHHELD_KINDS, KnownGap

__all__ = ["WITHHELD_DEPTH", "Spanned", "withheld"]


class Spanned(Protocol):
    """A ranked sentence: its offsets in the rules file."""

    start: int
    end: int


WITHHELD_DEPTH = 3
"""How many of the best-ranked sentences may be the one that announces the withheld data: on the training
questions, at 3 no answerable question the engine does not check lands on a withheld-data gap whose kind it asks."""


def withheld(asked_kinds: Sequence[str], ranked: Sequence[Spanned], gaps: Sequence[KnownGap],
             depth: int = WITHHELD_DEPTH) -> KnownGap | None:
    """The gap whose data the question asks for: its engine assumption asks a kind the question asks (a number, a
    name, a list) and its sentence, which names that data without giving it, is among the ``depth`` best-ranked.

    « Set A face 3-4 : la 1ère place au Château rapporte combien de pièces ? » asks a number from the reward table
    the text announces (« Voici un tableau récapitulatif… : ») and never gives (``emblemes.reward_tables``).
    The caller checks that the best sentence does not give the asked kind itself.
    """
    asked = set(asked_kinds) & WITHHELD_KINDS
    if not asked:
        return None
    for sentence in ranked[:depth]:
        for gap in gaps:
            if gap.withholds & asked and sentence.start < gap.end and gap.start < sentence.end:
                return gap
    return None
