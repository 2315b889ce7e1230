"""Turn the engine's citations (section path + quote) into the service's verified citations.

Engine events cite ``Citation(section, quote)``; ``/v1/ask`` cites passages with
file offsets. The rulebooks are chunked by the index's own chunker, so the
passage, the section path and the offsets are exactly those the retriever hands
out, and every quote is checked to be ``text[start:end]`` of its rules file.
"""

from __future__ import annotations

from pathlib import Path

from index.chunker import chunk_rulebook
from index.corpus import load_corpus
from index.types import Chunk
from service.answers.compose import Citation

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

    def warm_up(self) -> None:
        """Chunk every rulebook once."""
        for rulebook in load_corpus(self.corpus_dir):
            self._chunks[rulebook.id] = list(chunk_rulebook(rulebook).chunks)
            self._texts[rulebook.id] = rulebook.text

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
        return Citation(chunk.section, quote, chunk.text, ENGINE_CITATION_SCORE, chunk.source_path, start, end)
