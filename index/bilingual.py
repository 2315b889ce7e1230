"""The English side of the index: each chunk in the aligned English of ``corpus/<game>/translation.en.yaml``.

An English question is scored against a chunk twice, against its French (the question expanded through the
glossaries, as always) and against its English, and the two scores are averaged
(``RetrievalOptions.english_weight``). English words then meet the English the rulebook's sentences were
translated into, where the glossary bridges only names and a general vocabulary. Taking the better of the two
instead favours short English sentences, which any English question is close to (docs/retrieval.md).

Rows line up with the chunks and their sentences. A game without a translation gets its French text as its
English rows, and ``translated`` false, so its English side never weighs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from index.corpus import Rulebook, load_translation
from index.types import Chunk

__all__ = ["EnglishChunk", "english_chunks"]


@dataclass(frozen=True)
class EnglishChunk:
    """A chunk's English: its section path and sentences translated, in the chunk's order.

    Attributes:
        section: the section path with each heading translated.
        sentences: one English text per sentence of the chunk.
        translated: whether the game has a translation (else these are the French texts).
    """

    section: str
    sentences: tuple[str, ...]
    translated: bool

    @property
    def heading(self) -> str:
        """The section's own English title (as ``Chunk.heading``)."""
        return self.section.rsplit(" › ", 1)[-1]

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


def english_chunks(rulebooks: Sequence[Rulebook], chunks: Sequence[Chunk]) -> list[EnglishChunk]:
    """The English of every chunk, in chunk order.

    Raises:
        index.corpus.TranslationError: when a translation file does not align with its rulebook.
    """
    translations = {rulebook.id: load_translation(rulebook) for rulebook in rulebooks}
    english = []
    for chunk in chunks:
        translation = translations.get(chunk.game)
        if translation is None:
            english.append(EnglishChunk(chunk.section, tuple(s.text for s in chunk.sentences), False))
            continue
        by_span = {(s.fr_start, s.fr_end): s.en_text for s in translation.within(chunk.start, chunk.end)}
        english.append(EnglishChunk(
            translation.english_section(chunk.section),
            tuple(by_span.get((s.start, s.end), s.text) for s in chunk.sentences),
            True,
        ))
    return english
