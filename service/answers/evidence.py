"""How strongly the retrieved passages support an answer: the abstention signal.

Two signals the retriever's scores do not give, both weighted by how rare each
question word is in the rulebook (a rare word names the topic; a common one
does not):

* **coverage**: the share of the question's words found in the cited passages;
* **unknown**: the share of the question's words the rulebook never uses, even
  through the glossary — a French question about the author or the publisher
  asks about words the rules never mention.

English question words are not expected in a French rulebook, so only the words
the glossary or the general vocabulary bridges count for an English question.

They are combined with the retriever's fused score of the best hit in a
logistic whose weights were fitted by a coarse grid on the dev set (5
unanswerable questions among 50), preferring zero false abstentions: alone it
abstains on 2 of the 5 (questions about words the rules never use) and on none
of the 45 answerable ones. Questions asking for a detail the cited sentence does
not give (how many, which ones, where) while using only words it contains are
caught by two more signals set by :func:`compose_answer`: the expected answer
type (:mod:`.answer_types`) and front-matter fields left null (:mod:`.metadata`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from service.answers.corpus import Rulebook
from language import content_stems

ABSTAIN_BELOW = 0.5
"""Answers whose strength is below this abstain (the logistic's midpoint)."""
EVIDENCE_DEPTH = 3
"""Coverage is measured on this many best passages, however many the answer cites."""
_COVERAGE_WEIGHT = 8.0
_UNKNOWN_WEIGHT = 4.0
_RELEVANCE_WEIGHT = 2.0
_BIAS = -2.5


class PassageLike(Protocol):
    passage: str
    score: float


@dataclass(frozen=True)
class Evidence:
    """The signals behind an answer and their combination ``strength`` in [0, 1]."""

    coverage: float
    unknown: float
    relevance: float
    """The retriever's fused score of the best hit, clipped to [0, 1]."""
    strength: float
    answer_type_given: bool = True
    """Whether the quoted answer gives the kind of answer the question asks for (a number, a place...)."""
    unstated_field: str | None = None
    """The front-matter field the question asks about when the rulebook leaves it null (``players``)."""

    @property
    def sufficient(self) -> bool:
        """Strong enough, of the asked kind, and not about something the rulebook says it does not state."""
        return self.strength >= ABSTAIN_BELOW and self.answer_type_given and self.unstated_field is None


def weigh_evidence(
    question_stems: list[frozenset[str]], hits: Sequence[PassageLike], rulebook: Rulebook, language: str
) -> Evidence:
    """Weigh how well ``hits`` (best first) cover the question's word groups.

    Args:
        question_stems: one group per question word: its stem and the French stems the glossary maps it to.
        hits: the passages that will be cited.
        rulebook: the game's rulebook statistics.
        language: the question's language; unknown words count only in French.

    Returns:
        The evidence; ``strength`` grows with coverage and relevance and falls with unknown words.
    """
    if not hits:
        return Evidence(0.0, 1.0, 0.0, 0.0)
    passage_stems = set(content_stems(" ".join(hit.passage for hit in hits)))
    known = [group for group in question_stems if any(rulebook.knows(stem_) for stem_ in group)]
    unknown = [group for group in question_stems if group not in known] if language == "fr" else []
    weights = {group: word_weight(group, rulebook) for group in question_stems}
    considered = sum(weights[group] for group in known + unknown) or 1.0
    coverage = sum(weights[group] for group in known if group & passage_stems) / considered
    unknown_share = sum(weights[group] for group in unknown) / considered
    relevance = max(0.0, min(1.0, float(hits[0].score)))
    logit = _BIAS + _COVERAGE_WEIGHT * coverage - _UNKNOWN_WEIGHT * unknown_share + _RELEVANCE_WEIGHT * relevance
    return Evidence(coverage, unknown_share, relevance, 1.0 / (1.0 + math.exp(-logit)))


def word_weight(group: frozenset[str], rulebook: Rulebook) -> float:
    """The weight of one question word: its rarest known form, or the maximum when unknown."""
    return max(rulebook.weight(stem_) for stem_ in group)
