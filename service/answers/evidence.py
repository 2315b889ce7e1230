"""How strongly the retrieved passages support an answer.

Two signals the retriever's scores do not give, both weighted by how rare each
question word is in the rulebook (a rare word names the topic; a common one
does not):

* **coverage**: the share of the question's words found in the cited passages;
* **unknown**: the share of the question's words the rulebook never uses, even
  through the glossary — a French question about the author or the publisher
  asks about words the rules never mention.

English question words are not expected in a French rulebook, so only the words
the glossary or the general vocabulary bridges count for an English question.

Coverage, unknown share and the retriever's fused score of the best hit are features of
the fitted answer models (:mod:`.calibration`); their hand-weighted combination ``strength``
stands in for P(right) and P(answerable) only while no model is fit. No gate abstains on it:
the ``off_topic`` gate (strength below 0.2) abstained on no unanswerable question of train,
tuning or the blind probes and on three answerable training questions, and was removed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from service.answers.corpus import Rulebook
from language import content_stems

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
    # The union of each passage's stems (cached per passage): the stems of the passages joined by spaces.
    passage_stems = set().union(*(content_stems(hit.passage) for hit in hits))
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
