"""Whether to abstain: the rules do not settle the question, and what they lack when it can be named.

The composer calls :func:`decide` once, after ranking and before wording. The gates,
in order (the first that holds decides):

1. ``unstated_field``: the question asks a number the front matter leaves null
   (``players: null``) — the rulebook lacks that field;
2. ``missing_kind``: the question asks for a name or a list and the best sentence gives
   none — the rulebook lacks the name or the list;
3. ``off_topic``: the evidence strength (:mod:`.evidence`) is below
   :data:`OFF_TOPIC_BELOW`: the passages hold almost none of the question's rare words;
4. ``unlikely``: the fitted P(answerable) is below the threshold chosen on the tuning part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.answers.evidence import Evidence

__all__ = ["LISTED_KINDS", "OFF_TOPIC_BELOW", "REASONS", "Abstention", "decide"]

OFF_TOPIC_BELOW = 0.2
"""Below this evidence strength the cited passages hold almost none of the question's rare words: the
question is off topic ("prix conseillé en Belgique ?"). Measured: 1.5 % false abstentions on the
training questions, 1.2 % on the tuning part."""
LISTED_KINDS = ("name", "enumeration")
"""Asked-for answers a rule states in so many words: when the best sentence gives none, the rules do not say.

Measured on the training questions: abstaining on these alone catches 9 % of the
unanswerable questions for 1 % false abstentions (numbers and places miss too often).
"""
REASONS = ("unstated_field", "missing_kind", "off_topic", "unlikely")


@dataclass(frozen=True)
class Abstention:
    """The decision for one answer.

    Attributes:
        abstain: whether the answer abstains.
        reason: which gate decided (one of :data:`REASONS`), None when the answer is given.
        lacking: what the rulebook lacks, for the wording (``players``, ``name``...), when known.
        p_answerable: the modelled probability that the rules answer the question.
    """

    abstain: bool
    reason: str | None
    lacking: str | None
    p_answerable: float

    def __post_init__(self) -> None:
        if self.reason is not None and self.reason not in REASONS:
            raise ValueError(f"reason: expected one of {REASONS} or None, got {self.reason!r}")
        if self.abstain != (self.reason is not None):
            raise ValueError(f"reason: an abstention needs a reason and an answer none, got {self.reason!r}")


def decide(evidence: Evidence, asked_kinds: Sequence[str], best_gives_asked: bool, p_answerable: float,
           threshold: float) -> Abstention:
    """Abstain or answer.

    Args:
        evidence: the weighed evidence (its ``unstated_field`` set by the composer).
        asked_kinds: the kinds of answer the question asks for (``number``, ``name``...).
        best_gives_asked: whether the best sentence gives every asked kind.
        p_answerable: the fitted probability that the rules answer the question.
        threshold: abstain when ``p_answerable`` is below it.
    """
    if evidence.unstated_field:
        return Abstention(True, "unstated_field", evidence.unstated_field, p_answerable)
    missing = None if best_gives_asked else next((k for k in asked_kinds if k in LISTED_KINDS), None)
    if missing:
        return Abstention(True, "missing_kind", missing, p_answerable)
    if evidence.strength < OFF_TOPIC_BELOW:
        return Abstention(True, "off_topic", None, p_answerable)
    if p_answerable < threshold:
        return Abstention(True, "unlikely", None, p_answerable)
    return Abstention(False, None, None, p_answerable)
