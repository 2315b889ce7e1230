"""Extractive answers: pick the rulebook sentences that answer a question, or abstain.

The answer is never generated text about the rules: it is a short framing in the
question's language around verbatim French quotes, each checked against the
rulebook file. When the retrieved text does not cover the question, the answer
says the rules do not specify it and still cites the nearest passages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from service.answers.corpus import CorpusTexts, Rulebook
from service.answers.evidence import Evidence, weigh_evidence, word_weight
from service.answers.text import content_stems, detect_language

LANGUAGES = ("fr", "en")
_ADJACENT_SENTENCE_RATIO = 0.8
"""A neighbouring sentence joins the quote when it scores at least this share of the best one."""


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
    citations = [_cite(hit, question_stems, rulebook, corpus) for hit in hits[:max_citations]]
    evidence = weigh_evidence(question_stems, hits[:max_citations], rulebook, language)
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


def _cite(hit: HitLike, question_stems: list[frozenset[str]], rulebook: Rulebook, corpus: CorpusTexts) -> Citation:
    """Cite ``hit`` with its best supporting sentence, joined by an equally good neighbour."""
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
        quote_start, quote_end = sentences[first].start, sentences[last].end
    quote = rulebook.text[quote_start:quote_end]
    corpus.verify_quote(hit.game, path, quote_start, quote_end, quote)
    corpus.verify_quote(hit.game, path, start, end, hit.passage)
    return Citation(hit.section, quote, hit.passage, float(hit.score), str(path), quote_start, quote_end)


def _sentence_support(sentence: SentenceLike, question_stems: list[frozenset[str]], rulebook: Rulebook) -> float:
    """The retriever's relevance of a sentence, raised by the share of question words it contains."""
    sentence_stems = set(content_stems(sentence.text))
    total = sum(word_weight(group, rulebook) for group in question_stems) or 1.0
    covered = sum(word_weight(group, rulebook) for group in question_stems if group & sentence_stems)
    return max(float(sentence.score), 0.0) + covered / total


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
