"""Turn the engine's citations (section path + quote) into the service's verified citations.

Engine events cite ``Citation(section, quote)``; ``/v1/ask`` cites passages with
file offsets. The rulebooks are chunked by the index's own chunker, so the
passage, the section path and the offsets are exactly those the retriever hands
out, and every quote is checked to be ``text[start:end]`` of its rules file.
Each citation also carries the unofficial English translation of the rulebook
sentences it lies in (``corpus/<game>/translation.en.yaml``), so an English
asker reads the rule the engine applied in English, the French beside it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Sequence

from index.chunker import chunk_rulebook
from index.corpus import Translation, TranslationError, load_corpus, load_translation
from index.types import Chunk
from service.answers.compose import Citation

_LAYOUT = re.compile(r"[\s*>#|-]*(?:\d+[.)]\s*)?")
ENGINE_CITATION_SCORE = 1.0
"""Score given to rules the engine applied: they rank with the best retrieved passages."""


class CitationResolver:
    """Finds each engine citation in its rules file.

    Args:
        corpus_dir: the folder of ``<game>/rules.md``.
    """

    def __init__(self, corpus_dir: Path):
        self.corpus_dir = Path(corpus_dir)
        self._chunks: dict[str, list[Chunk]] = {}
        self._texts: dict[str, str] = {}
        self._translations: dict[str, Translation] = {}

    def warm_up(self) -> None:
        """Chunk every rulebook once; load each aligned English translation (none when missing or stale)."""
        for rulebook in load_corpus(self.corpus_dir):
            self._chunks[rulebook.id] = list(chunk_rulebook(rulebook).chunks)
            self._texts[rulebook.id] = rulebook.text
            try:
                translation = load_translation(rulebook)
            except TranslationError:
                translation = None  # the French still rules; the index build reports a stale translation
            if translation is not None:
                self._translations[rulebook.id] = translation

    def resolve(self, game: str, section: str, quote: str | None) -> Citation | None:
        """The service citation for an engine citation, or None when it is not in the corpus.

        A citation without a quote cites the first passage of its section.
        """
        for chunk in self._chunks.get(game, ()):
            if chunk.section != section:
                continue
            if not quote:
                return self._citation(game, chunk, chunk.start, chunk.end)
            offset = chunk.text.find(quote)
            if offset >= 0:
                return self._citation(game, chunk, chunk.start + offset, chunk.start + offset + len(quote))
        return None

    def _citation(self, game: str, chunk: Chunk, start: int, end: int) -> Citation:
        quote = self._texts[game][start:end]
        if self._texts[game][chunk.start : chunk.end] != chunk.text:
            raise AssertionError(f"{game}: chunk offsets {chunk.start}:{chunk.end} do not match its passage")
        english = english_of(self._translations.get(game), self._texts[game], start, end)
        return Citation(chunk.section, quote, chunk.text, ENGINE_CITATION_SCORE, chunk.source_path, start, end, english)


def english_of(translation: Translation | None, text: str, start: int, end: int) -> str:
    """The translation of the sentences ``text[start:end]`` lies in, or "" when part of it has none.

    An engine quote may be part of a sentence ("Ils rapportent 1 pièce d’or"): the
    whole sentence is translated, since the aligned translation has no smaller unit.
    Between two sentences only Markdown layout may stand (spaces, list marks).
    """
    if translation is None:
        return ""
    overlapping = [s for s in translation.sentences if s.fr_start < end and start < s.fr_end]
    if not overlapping or overlapping[0].fr_start > start or overlapping[-1].fr_end < end:
        return ""
    if any(not _LAYOUT.fullmatch(text[a.fr_end : b.fr_start]) for a, b in zip(overlapping, overlapping[1:])):
        return ""
    return " ".join(s.en_text for s in overlapping)


def cited_rules(events: Sequence[Any], resolve: Callable[[Any], Citation | None],
                leading: int = 0) -> tuple[list[Citation], int]:
    """The verified rules ``events`` cite (``resolve`` turns an engine citation into one), each once, in the
    events' order; and how many of them the first ``leading`` events cite (the rules a verdict is read from,
    when those events come first)."""
    cited: dict[tuple[str, str], Citation] = {}
    deciding = 0
    for index, event in enumerate(events):
        if event.citation is not None:
            citation = resolve(event.citation)
            if citation is not None:
                cited.setdefault((citation.section, citation.quote), citation)
        if index + 1 == leading:
            deciding = len(cited)
    return list(cited.values()), deciding
