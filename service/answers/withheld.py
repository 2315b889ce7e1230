"""Withheld data: what the rules engine names as an assumption because the text names the data and does not give it.

The reward table the text announces (« Voici un tableau récapitulatif… : ») and never gives, the starting coins
« selon votre position dans la Galerie : », the faces of the magic die: each is a named assumption of the game's
engine whose own question asks for a number, a name or a list (:attr:`.gaps.KnownGap.withholds`). A question that
asks that kind, about that sentence, asks what the rulebook lacks (docs/calibration.md "Withheld data").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from language import content_stems, stem
from service.answers.answer_types import Expectation
from service.answers.candidates import FEATURES
from service.answers.gaps import WITHHELD_KINDS, KnownGap

_COVERAGE = FEATURES.index("coverage")

__all__ = ["WITHHELD_DEPTH", "Span", "Spanned", "announcement_covers_more", "asked_nouns", "passage_spans", "withheld"]


class Spanned(Protocol):
    """A ranked sentence: its offsets in the rules file."""

    start: int
    end: int


@dataclass(frozen=True)
class Span:
    """A stretch of the rules file: a retrieved passage's offsets."""

    start: int
    end: int


class Ranked(Spanned, Protocol):
    """A ranked sentence with the rank of the retrieved passage it comes from."""

    hit_rank: int


class Covering(Spanned, Protocol):
    """A ranked candidate (:class:`.candidates.Candidate`): its text, whether it gives the asked kinds, its features."""

    text: str
    met: bool
    features: tuple[float, ...]


WITHHELD_DEPTH = 3
"""How many of the best-ranked sentences may be the one that announces the withheld data: on the training
questions, at 3 no answerable question the engine does not check lands on a withheld-data gap whose kind it asks."""


def withheld(asked_kinds: Sequence[str], ranked: Sequence[Spanned], gaps: Sequence[KnownGap],
             depth: int = WITHHELD_DEPTH, passages: Sequence[Spanned] = (),
             nouns: frozenset[str] = frozenset()) -> KnownGap | None:
    """The gap whose data the question asks for: its engine assumption asks a kind the question asks (a number, a
    name, a list) and its sentence, which names that data without giving it, is among the ``depth`` best-ranked —
    or in one of ``passages`` (those the ``depth`` best-ranked sentences come from: :func:`passage_spans`) and naming
    one of the question's asked ``nouns`` (:func:`asked_nouns`).

    « Set A face 3-4 : la 1ère place au Château rapporte combien de pièces ? » asks a number from the reward table
    the text announces (« Voici un tableau récapitulatif… : ») and never gives (``emblemes.reward_tables``).
    « Au début, la famille la moins influente reçoit combien de pièces ? » ranks first the tip beside the announcing
    sentence (« la famille la moins influente reçoit plus de Pièces pour compenser »), in the passage of
    « distribuez les Pièces de départ selon votre position dans la Galerie : » (``for-a-crown.starting_coins``): the
    passage the answer rests on names the asked noun's data and does not give it. A question naming no noun
    (« je gagne combien ? ») says too little for the passage alone. The caller checks that the best sentence does not
    give the asked kind itself.
    """
    asked = set(asked_kinds) & WITHHELD_KINDS
    if not asked:
        return None
    for sentence in ranked[:depth]:
        for gap in gaps:
            if gap.withholds & asked and _overlaps(sentence, gap):
                return gap
    for passage in passages if nouns else ():
        for gap in gaps:
            if gap.withholds & asked and _overlaps(passage, gap) and nouns & set(content_stems(gap.quote)):
                return gap
    return None


def passage_spans(ranked: Sequence[Ranked], sources: Sequence[tuple[str, int, int]],
                  depth: int = WITHHELD_DEPTH) -> list[Span]:
    """The spans of the retrieved passages the ``depth`` best-ranked sentences come from (``sources``: each
    passage's ``(path, start, end)``, in retrieval order), each once, in the sentences' order."""
    ranks = list(dict.fromkeys(sentence.hit_rank for sentence in ranked[:depth]))
    return [Span(sources[rank][1], sources[rank][2]) for rank in ranks]


def announcement_covers_more(gap: KnownGap, best: Covering, ranked: Sequence[Covering], asked: frozenset[str],
                             depth: int = WITHHELD_DEPTH) -> bool:
    """Whether the answer ``best`` gives belongs to another rule than the data ``gap`` withholds.

    The sentence announcing the data, among the ``depth`` best-ranked, is another sentence than ``best``, names the
    asked noun (``asked``: its stems and their French bridges) without giving it (no number or list of that kind:
    ``met`` false), and holds at least as much of the question's words (rarity-weighted coverage). « Set C face 5
    joueurs : au Port, la 3e place rapporte combien de pièces d'or ? » is about the reward table the text announces
    (« …des pièces d'or distribuées selon le classement… du set A (face 3-4 joueurs) : »), not about « Gagnez 1 pièce
    d'or par carte présente dans ce lieu ». A sentence that gives the noun's number for other cases (« À 2, on garde
    4 jetons… ») may hold the answer, and a question naming no noun (« la 2e place gagne combien ? ») says too little.
    """
    if not asked or _overlaps(best, gap):
        return False
    announcing = next((s for s in ranked[:depth] if _overlaps(s, gap)), None)
    if announcing is None or announcing.met or not asked & set(content_stems(announcing.text)):
        return False
    held = announcing.features[_COVERAGE]
    return held > 0 and held >= best.features[_COVERAGE]


def asked_nouns(expectations: Sequence[Expectation], bridges: Callable[[str], Iterable[str]]) -> frozenset[str]:
    """The stems of the nouns a question asks a number, a name or a list of, with the French stems they bridge to."""
    stems = {stem(word) for e in expectations if e.kind in WITHHELD_KINDS for word in e.asked}
    return frozenset(stems | {bridged for s in stems for bridged in bridges(s)})


def _overlaps(sentence: Spanned, gap: KnownGap) -> bool:
    return sentence.start < gap.end and gap.start < sentence.end
