"""The values the index hands out: chunks, sentences, hits and rulebook summaries.

All offsets are Python character offsets into the whole rules file (front
matter included), so ``file_text[start:end] == text`` always holds.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    """A sentence (or list item, or list line) of a chunk with its exact file offsets."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class SourceSentence:
    """A heading or body sentence of a rulebook with its section path (as chunks name it)."""

    section: str
    start: int
    end: int
    text: str
    heading: bool


@dataclass(frozen=True)
class Chunk:
    """A retrieval unit: consecutive sentences of one section, an exact slice of its file."""

    game: str
    section: str
    source_path: str
    start: int
    end: int
    text: str
    sentences: tuple[Sentence, ...]

    @property
    def heading(self) -> str:
        """The last heading of the section path (the section's own title)."""
        return self.section.rsplit(" › ", 1)[-1]


@dataclass(frozen=True)
class ScoredSentence:
    """A chunk's sentence with its relevance to the query (higher is better).

    ``score`` is the fused score; ``lexical`` and ``dense`` the per-retriever scores it fuses.
    """

    start: int
    end: int
    text: str
    score: float
    lexical: float = 0.0
    dense: float = 0.0


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk, as the service consumes it (see docs/ARCHITECTURE.md).

    ``score`` is the fused score (absolute, comparable across queries, for
    abstention); ``lexical`` and ``dense`` are the raw per-retriever scores.
    ``source`` is ``(path, start, end)`` with ``passage == file_text[start:end]``.
    """

    game: str
    section: str
    passage: str
    score: float
    source: tuple[str, int, int]
    lexical: float
    dense: float
    sentences: tuple[ScoredSentence, ...]


@dataclass(frozen=True)
class RulebookInfo:
    """What ``Retriever.rulebooks()`` lists for each game."""

    id: str
    title: str
    language: str
    players: dict[str, int] | None
    sections: int
