"""Candidate answer sentences and the features that tell the one that answers from the one that shares words.

Every sentence of the retrieved passages is a candidate. Its features are what a
reader would check: does it say what the question asks (the retriever's sentence
scores, the share of the question's rare words it holds, in French or in its
English translation), is it in the asked thing's own section (the heading holds
the question's words; a FAQ heading is itself a player's question), and does it
hold the kind of answer asked for (a number bound to the asked noun, a name...).
:mod:`service.answers.reranker` weighs them with a model fit on labelled questions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from index.chunker import section_title
from language import content_stems
from service.answers.answer_types import Expectation, expected_answers, gives_answer
from service.answers.corpus import Rulebook
from service.answers.evidence import word_weight

__all__ = ["FEATURES", "Candidate", "QuestionView", "candidates", "coverage", "question_view"]

FEATURES = (
    "sentence_fused",
    "sentence_lexical",
    "sentence_dense",
    "passage_fused",
    "passage_rank",
    "coverage",
    "heading_coverage",
    "faq_heading",
    "type_met",
    "type_missed",
    "english_coverage",
    "log_length",
    "is_heading",
    "sentence_fused_gap",
    "sentence_lexical_gap",
    "sentence_dense_gap",
    "coverage_gap",
    "english_coverage_gap",
)
"""The candidate features, in vector order (the reranker's weights follow this order).

A ``_gap`` feature is the candidate's value minus the best value among the question's
candidates: a pointwise model then compares a sentence with its rivals, not with
sentences of other questions."""
_GAPPED = (0, 1, 2, 5, 10)
"""Indexes in :data:`FEATURES` of the features that also get a ``_gap`` feature."""


@dataclass(frozen=True)
class QuestionView:
    """What the candidate features need to know about the question, computed once.

    Attributes:
        text: the question as asked.
        language: ``"fr"`` or ``"en"``.
        stems: one group per content word: its stem and the French stems the glossary bridges it to.
        english_stems: the question's own stems (for the English translation), English questions only.
        expectations: the kinds of answer asked for (a number of X, a name...).
    """

    text: str
    language: str
    stems: tuple[frozenset[str], ...]
    english_stems: frozenset[str]
    expectations: tuple[Expectation, ...]


@dataclass(frozen=True)
class Candidate:
    """One sentence of a retrieved passage, with its features.

    Attributes:
        hit_rank: the passage's rank in retrieval (0 = best).
        sentence_index: the sentence's position in the passage.
        start, end: the sentence's offsets in the rulebook file.
        text: ``rulebook[start:end]``.
        section: the passage's section path.
        english: the sentence's English translation ("" when none).
        met: whether the sentence gives every expected kind of answer.
        features: one value per :data:`FEATURES` name.
    """

    hit_rank: int
    sentence_index: int
    start: int
    end: int
    text: str
    section: str
    english: str
    met: bool
    features: tuple[float, ...]


def candidates(question: QuestionView, hits: Sequence, rulebook: Rulebook) -> list[Candidate]:
    """Every sentence of ``hits`` (best first) as a candidate with its features.

    Args:
        question: the question, analysed once.
        hits: retrieved passages (``index.types.Hit`` or a double with the same fields).
        rulebook: the game's rulebook statistics and translation.
    """
    found: list[tuple] = []
    weights = [word_weight(group, rulebook) for group in question.stems]  # once, not once per sentence
    for rank, hit in enumerate(hits):
        heading = section_title(hit.section)
        heading_coverage = coverage(hit.section, question.stems, rulebook, weights)
        faq = 1.0 if heading.rstrip().endswith("?") else 0.0
        for index, sentence in enumerate(hit.sentences):
            text = rulebook.text[sentence.start : sentence.end]
            english = rulebook.english_of(sentence.start, sentence.end) if rulebook.english else ""
            met = bool(question.expectations) and all(
                gives_answer(e, text, question.text, rulebook.bridges, heading)
                or _number_in_english(e, english, question) for e in question.expectations
            )
            values = (
                float(sentence.score),
                float(getattr(sentence, "lexical", 0.0)),
                float(getattr(sentence, "dense", 0.0)),
                float(hit.score),
                1.0 / (1.0 + rank),
                coverage(text, question.stems, rulebook, weights),
                heading_coverage,
                faq,
                1.0 if met else 0.0,
                1.0 if question.expectations and not met else 0.0,
                _english_coverage(english, question.english_stems),
                math.log1p(len(text.split())),
                1.0 if text.strip() == heading.strip() else 0.0,
            )
            found.append((rank, index, sentence.start, sentence.end, text, hit.section, english, met, values))
    best = [max((row[-1][i] for row in found), default=0.0) for i in _GAPPED]
    return [  # each candidate made once, its features with their gaps to the best
        Candidate(*row[:-1], row[-1] + tuple(row[-1][i] - top for i, top in zip(_GAPPED, best))) for row in found
    ]


def coverage(text: str, question_stems: Sequence[frozenset[str]], rulebook: Rulebook,
             weights: Sequence[float] | None = None) -> float:
    """The share of the question's words (weighted by rarity in the rulebook, or by ``weights``) that ``text`` contains."""
    text_stems = set(content_stems(text))
    if weights is None:
        weights = [word_weight(group, rulebook) for group in question_stems]
    total = sum(weights) or 1.0
    return sum(weight for group, weight in zip(question_stems, weights) if group & text_stems) / total


def _number_in_english(expectation: Expectation, english: str, question: QuestionView) -> bool:
    """Whether an English question's count is bound in the sentence's translation: its noun ("columns") may have no
    bridge to the French one, and the translation aligns the number with it (« cinq colonnes » / "five columns")."""
    return (expectation.kind == "number" and question.language == "en" and bool(english)
            and gives_answer(expectation, english, question.text))


def _english_coverage(english: str, question_stems: frozenset[str]) -> float:
    if not english or not question_stems:
        return 0.0
    return len(question_stems & set(content_stems(english))) / len(question_stems)


def question_view(question: str, language: str, rulebook: Rulebook) -> QuestionView:
    """Analyse ``question`` once for every candidate of :func:`candidates`."""
    stems = tuple(
        frozenset({stem_}) | rulebook.glossary_bridges.get(stem_, frozenset()) for stem_ in content_stems(question)
    )
    english = frozenset(content_stems(question)) if language == "en" else frozenset()
    return QuestionView(question, language, stems, english, expected_answers(question))
