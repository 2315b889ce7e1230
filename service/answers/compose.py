"""Extractive answers: pick the rulebook sentences that answer a question, or abstain.

The answer is never generated text about the rules: it is a short framing in the
question's language around verbatim French quotes, each checked against the
rulebook file. When the retrieved text does not cover the question, the answer
says the rules do not specify it and still cites the nearest passages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from service.answers.answer_types import Expectation, expected_answers, gives_answer
from service.answers.corpus import CorpusTexts, Rulebook
from service.answers.evidence import EVIDENCE_DEPTH, Evidence, weigh_evidence, word_weight
from service.answers.metadata import unstated_field
from language import content_stems, detect_language

LANGUAGES = ("fr", "en")
_ADJACENT_SENTENCE_RATIO = 0.8
"""A neighbouring sentence joins the quote when it scores at least this share of the best one."""
_PROMOTION_COVERAGE = 0.5
"""A later citation giving the asked kind of answer goes first if it covers this share of the first one's words."""
_TYPED_SENTENCE_RATIO = 0.6
"""A sentence giving the expected kind of answer replaces the best one when it scores this share of it."""


class SentenceLike(Protocol):
    text: str
    start: int
    end: int
    score: float


class HitLike(Protocol):
    game: str
    section: str
    passage: str
    score: float
    source: tuple[str, int, int]
    lexical: float
    dense: float
    sentences: Sequence[SentenceLike]


@dataclass(frozen=True)
class Citation:
    """A cited passage: ``quote`` is exactly the rulebook text at ``path[start:end]``."""

    section: str
    quote: str
    passage: str
    score: float
    path: str
    start: int
    end: int


@dataclass(frozen=True)
class Answer:
    """An extractive answer with its citations, best first."""

    text: str
    abstained: bool
    confidence: float
    language: str
    citations: tuple[Citation, ...]
    evidence: Evidence


def compose_answer(
    question: str,
    game: str,
    hits: Sequence[HitLike],
    corpus: CorpusTexts,
    *,
    lang: str | None = None,
    max_citations: int = 3,
) -> Answer:
    """Build the answer to ``question`` from the retriever's ``hits`` (best first).

    Args:
        question: the player's question, in French or English.
        game: the game id the hits come from.
        hits: retrieved passages of ``game``, best first.
        corpus: the loaded rulebook texts that every quote is verified against.
        lang: ``"fr"`` or ``"en"`` for the framing; detected from the question when None.
        max_citations: how many passages to cite at most.

    Returns:
        The answer; ``abstained`` is true when the evidence is too weak to answer.

    Raises:
        ValueError: when ``lang`` is not one of :data:`LANGUAGES`.
        QuoteMismatchError: when a hit's offsets do not match the rulebook (a bug upstream).
    """
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"lang: expected one of {LANGUAGES} or None, got {lang!r}")
    language = lang or detect_language(question)
    rulebook = corpus.rulebook(game)
    question_stems = _bridged_stems(question, rulebook)
    expectations = expected_answers(question)
    cited = [_cite(hit, question, question_stems, expectations, rulebook, corpus) for hit in hits[:max_citations]]
    cited = _answers_first(cited, expectations, lambda text: _coverage(text, question_stems, rulebook))
    citations = [citation for citation, _ in cited]
    typed = [answers for _, answers in cited]
    evidence = weigh_evidence(question_stems, hits[:EVIDENCE_DEPTH], rulebook, language)
    evidence = dataclasses.replace(
        evidence,
        answer_type_given=_types_given(expectations, typed),
        unstated_field=unstated_field(expectations, rulebook.front_matter),
    )
    if not citations:
        return Answer(_abstention(language, None), True, 0.0, language, (), evidence)
    abstained = not evidence.sufficient
    text = _abstention(language, citations[0]) if abstained else _framing(language, citations[0])
    return Answer(text, abstained, evidence.strength, language, tuple(citations), evidence)


def _bridged_stems(question: str, rulebook: Rulebook) -> list[frozenset[str]]:
    """Each content stem of the question with the French stems the glossary bridges it to."""
    return [
        frozenset({stem_}) | rulebook.glossary_bridges.get(stem_, frozenset())
        for stem_ in content_stems(question)
    ]


def _cite(
    hit: HitLike, question: str, question_stems: list[frozenset[str]], expectations: tuple[Expectation, ...],
    rulebook: Rulebook, corpus: CorpusTexts,
) -> tuple[Citation, frozenset[Expectation]]:
    """Cite ``hit`` with its best supporting sentence, joined by an equally good neighbour.

    When the question asks for a kind of answer (a number, a place...) that the best
    sentence lacks, the quote becomes the best-supported span of one or two sentences
    that has it, if its support is close to the best: a label and its value are
    separate list lines ("Âge" / "10 ans et +"), and a sentence naming the topic may
    not be the one stating the answer.

    Returns:
        The citation and the expectations its quote meets.
    """
    path, start, end = hit.source
    sentences = list(hit.sentences)
    if not sentences:
        quote_start, quote_end = start, end
    else:
        scores = [_sentence_support(sentence, question_stems, rulebook) for sentence in sentences]
        best = max(range(len(sentences)), key=scores.__getitem__)
        first = last = best
        for neighbour in (best - 1, best + 1):
            if 0 <= neighbour < len(sentences) and scores[neighbour] >= _ADJACENT_SENTENCE_RATIO * scores[best] > 0:
                first, last = min(first, neighbour), max(last, neighbour)
        heading = _section_tail(hit.section)
        if expectations and not _met(expectations, _span(rulebook, sentences, first, last), question, rulebook, heading):
            first, last = _typed_span(sentences, scores, best, expectations, question, rulebook, heading) or (first, last)
        quote_start, quote_end = sentences[first].start, sentences[last].end
    quote = rulebook.text[quote_start:quote_end]
    corpus.verify_quote(hit.game, path, quote_start, quote_end, quote)
    corpus.verify_quote(hit.game, path, start, end, hit.passage)
    citation = Citation(hit.section, quote, hit.passage, float(hit.score), str(path), quote_start, quote_end)
    return citation, _met(expectations, quote, question, rulebook, _section_tail(hit.section))


def _typed_span(
    sentences: list[SentenceLike], scores: list[float], best: int, expectations: tuple[Expectation, ...],
    question: str, rulebook: Rulebook, heading: str,
) -> tuple[int, int] | None:
    """The best-supported span (a sentence, or it and the next) meeting every expectation, or None."""
    candidates = []
    for index, score in enumerate(scores):
        if score < _TYPED_SENTENCE_RATIO * scores[best]:
            continue
        for last in (index, index + 1):
            span = _span(rulebook, sentences, index, last) if last < len(sentences) else ""
            if span and len(_met(expectations, span, question, rulebook, heading)) == len(expectations):
                candidates.append((score, -(last - index), index, last))
                break
    if not candidates:
        return None
    _, _, first, last = max(candidates)
    return first, last


def _span(rulebook: Rulebook, sentences: list[SentenceLike], first: int, last: int) -> str:
    return rulebook.text[sentences[first].start : sentences[last].end]


def _met(
    expectations: tuple[Expectation, ...], quote: str, question: str, rulebook: Rulebook, heading: str
) -> frozenset[Expectation]:
    return frozenset(e for e in expectations if gives_answer(e, quote, question, rulebook.bridges, heading))


def _answers_first(
    cited: list[tuple[Citation, frozenset[Expectation]]], expectations: tuple[Expectation, ...],
    coverage: Callable[[str], float],
) -> list[tuple[Citation, frozenset[Expectation]]]:
    """Move the best citation whose quote gives every expected kind of answer to the front.

    The retriever ranks passages by topic; for "combien de X ?" the passage that
    states a number of X answers, a passage about X that states none does not.
    The promoted quote must still be about the question: it is among the
    :data:`EVIDENCE_DEPTH` best and covers at least :data:`_PROMOTION_COVERAGE` of
    what the first quote covers of the question's words.
    """
    if not expectations or not cited or len(cited[0][1]) == len(expectations):
        return cited
    floor = _PROMOTION_COVERAGE * coverage(cited[0][0].quote)
    for position, (citation, met) in enumerate(cited[:EVIDENCE_DEPTH]):
        if len(met) == len(expectations) and coverage(citation.quote) >= floor:
            return [cited[position], *cited[:position], *cited[position + 1 :]]
    return cited


def _types_given(expectations: tuple[Expectation, ...], typed: list[frozenset[Expectation]]) -> bool:
    """Whether every expected kind of answer is given by the first citation's quote."""
    return not expectations or bool(typed) and len(typed[0]) == len(expectations)


def _sentence_support(sentence: SentenceLike, question_stems: list[frozenset[str]], rulebook: Rulebook) -> float:
    """The retriever's relevance of a sentence, raised by the share of question words it contains."""
    return max(float(sentence.score), 0.0) + _coverage(sentence.text, question_stems, rulebook)


def _coverage(text: str, question_stems: list[frozenset[str]], rulebook: Rulebook) -> float:
    """The share of the question's words (weighted by rarity) that ``text`` contains."""
    text_stems = set(content_stems(text))
    total = sum(word_weight(group, rulebook) for group in question_stems) or 1.0
    return sum(word_weight(group, rulebook) for group in question_stems if group & text_stems) / total


def _section_tail(section: str) -> str:
    return section.rsplit(" › ", 1)[-1]


def _framing(language: str, citation: Citation) -> str:
    if language == "en":
        return f"The rules say (“{_section_tail(citation.section)}”, quoted in French): “{citation.quote}”"
    return f"D’après les règles (« {_section_tail(citation.section)} ») : « {citation.quote} »"


def _abstention(language: str, nearest: Citation | None) -> str:
    if language == "en":
        answer = "The rules do not say."
        if nearest:
            answer += f" The closest passage (“{_section_tail(nearest.section)}”, in French) reads: “{nearest.quote}”"
        return answer
    answer = "Les règles ne précisent pas ce point."
    if nearest:
        answer += f" Le passage le plus proche (« {_section_tail(nearest.section)} ») dit : « {nearest.quote} »"
    return answer
