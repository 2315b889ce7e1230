"""Whether to abstain: the rules do not settle the question, and what they lack when it can be named.

The composer calls :func:`decide` once, after ranking and before wording. The gates,
in order (the first that holds decides):

1. ``unstated_field``: the question asks a number the front matter leaves null
   (``players: null``), or a measure of the game no line of the text gives a number of (how long, from what age:
   :func:`.metadata.unstated_measure`) — the rulebook lacks that field;
2. ``known_gap``: the question uses the wording of one of the game's known gaps
   (:mod:`.gaps`: a detail the rulebook leaves open, from ``corpus/<game>/gaps.yaml`` and the
   engine's named assumptions) specifically enough (the gap's specificity reaches the threshold
   fit on the training questions) — the rulebook lacks that detail;
2b. ``silent_topic``: the asking sentence uses the phrasing of a kind of detail this game's rules never
   settle (:mod:`.silent_topics`: who starts, a reserve that runs dry, trading...), or it joins two cards no
   sentence of the rules names together (:mod:`.unrelated_rules`: which applies first, whether they add up) — the
   rulebook lacks it;
2c. ``withheld_data``: the question asks for a number, a name or a list that one of the engine's named assumptions
   says the text withholds (a reward table, the starting coins, the die's faces: the sentence names the data and
   does not give it, :func:`.withheld.withheld`), that sentence is among the best-ranked and the best sentence gives
   no such answer, or gives one that belongs to another rule (it is not the announcing sentence and holds less of the
   question than it: :func:`.withheld.announcement_covers_more`) — the rulebook lacks that data;
3. ``missing_kind``: the question asks for a name or a list and the best sentence gives
   none — the rulebook lacks the name or the list;
4. ``unlikely``: the fitted P(answerable) is below the threshold chosen on the training questions'
   cross-validation (``scripts/fit_answers.py``).

An engine-checked answer never abstains (``service/referee.py`` replaces the composed answer).
Two question signals feed the fitted model besides the answer's own (:func:`question_signals`):
how much of the question this game's text never talks about, and whether the question offers
alternatives ("from the bank or from the owner?"), the form of a player who found no rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from service.answers.corpus import Rulebook
from service.answers.evidence import Evidence, word_weight
from service.answers.gaps import GapMatch, KnownGap

__all__ = ["LISTED_KINDS", "REASONS", "Abstention", "QuestionSignals", "decide", "question_signals"]

LISTED_KINDS = ("name", "enumeration")
"""Asked-for answers a rule states in so many words: when the best sentence gives none, the rules do not say.

Measured on the training questions: abstaining on these alone catches 9 % of the
unanswerable questions for 1 % false abstentions (numbers and places miss too often).
"""
REASONS = ("unstated_field", "known_gap", "silent_topic", "withheld_data", "missing_kind", "unlikely")


@dataclass(frozen=True)
class Abstention:
    """The decision for one answer.

    Attributes:
        abstain: whether the answer abstains.
        reason: which gate decided (one of :data:`REASONS`), None when the answer is given.
        lacking: what the rulebook lacks, for the wording (``players``, ``name``...), when known.
        p_answerable: the modelled probability that the rules answer the question.
        gap: the known gap the question landed on (``known_gap``, and ``withheld_data`` with the sentence that
            withholds the data as its phrasing).
        topic: the silent topic the question landed on (``silent_topic`` only).
    """

    abstain: bool
    reason: str | None
    lacking: str | None
    p_answerable: float
    gap: GapMatch | None = None
    topic: GapMatch | None = None

    def __post_init__(self) -> None:
        if self.reason is not None and self.reason not in REASONS:
            raise ValueError(f"reason: expected one of {REASONS} or None, got {self.reason!r}")
        if self.abstain != (self.reason is not None):
            raise ValueError(f"reason: an abstention needs a reason and an answer none, got {self.reason!r}")


def decide(evidence: Evidence, asked_kinds: Sequence[str], best_gives_asked: bool, p_answerable: float,
           threshold: float, gap: GapMatch | None = None, gap_threshold: float = float("inf"),
           topic: GapMatch | None = None, withheld: KnownGap | None = None,
           best_gives_withheld: bool = True) -> Abstention:
    """Abstain or answer.

    Args:
        evidence: the weighed evidence (its ``unstated_field`` set by the composer).
        asked_kinds: the kinds of answer the question asks for (``number``, ``name``...).
        best_gives_asked: whether the best sentence gives every asked kind.
        p_answerable: the fitted probability that the rules answer the question.
        threshold: abstain when ``p_answerable`` is below it.
        gap: the known gap the question's wording matches best (:func:`.gaps.match`), if any.
        gap_threshold: abstain on ``gap`` when its specificity reaches this.
        topic: the silent topic of this game the asking sentence uses (:func:`.gaps.match` over
            :func:`.silent_topics.silent_topics`), if any: any match abstains.
        withheld: the known gap whose withheld data the question asks for (:func:`.withheld.withheld`), if any: it
            abstains when the best sentence does not give the asked kind either.
        best_gives_withheld: False when the best sentence's answer belongs to another rule than the withheld data
            (:func:`.withheld.announcement_covers_more`): ``withheld`` then abstains even if it gives the asked kind.
    """
    if evidence.unstated_field:
        return Abstention(True, "unstated_field", evidence.unstated_field, p_answerable)
    if gap is not None and gap.score >= gap_threshold:
        return Abstention(True, "known_gap", gap.gap.id, p_answerable, gap)
    if topic is not None:
        return Abstention(True, "silent_topic", topic.gap.id, p_answerable, topic=topic)
    if withheld is not None and not (best_gives_asked and best_gives_withheld):
        return Abstention(True, "withheld_data", withheld.id, p_answerable, GapMatch(withheld, 0.0, withheld.quote))
    missing = None if best_gives_asked else next((k for k in asked_kinds if k in LISTED_KINDS), None)
    if missing:
        return Abstention(True, "missing_kind", missing, p_answerable)
    if p_answerable < threshold:
        return Abstention(True, "unlikely", None, p_answerable)
    return Abstention(False, None, None, p_answerable)


_ALTERNATIVE = {"fr": re.compile(r"\bou\b(?!\s+non\b)", re.IGNORECASE), "en": re.compile(r"\bor\b(?!\s+not\b)", re.IGNORECASE)}
"""The conjunction of an either-or question, matched on the unfolded text (folding would make "où", where, an
"ou"); "ou non" / "or not" only restates a yes/no question."""


@dataclass(frozen=True)
class QuestionSignals:
    """What the question itself says about whether the rules can settle it.

    Attributes:
        foreign: the rarity-weighted share of the question's words that this game's own text never
            uses (French rulebook, glossary names, and for an English question its translation):
            timers, trading, an interface language.
        alternative: the question offers alternatives ("X or Y?").
    """

    foreign: float
    alternative: bool


def question_signals(question: str, stems: Sequence[frozenset[str]], rulebook: Rulebook,
                     language: str) -> QuestionSignals:
    """The :class:`QuestionSignals` of ``question`` (``stems``: one group per content word, glossary bridges included)."""
    weights = [word_weight(group, rulebook) for group in stems]
    total = sum(weights) or 1.0
    foreign = sum(w for group, w in zip(stems, weights)
                  if not any(rulebook.uses(stem_, language) for stem_ in group)) / total
    pattern = _ALTERNATIVE.get(language, _ALTERNATIVE["fr"])
    return QuestionSignals(foreign, bool(pattern.search(question)))
