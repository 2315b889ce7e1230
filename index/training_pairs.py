"""Training pairs for fine-tuning the embedder: (what a player types, the rules text that answers it).

Two sources, both available wherever the index is built:

- **questions** with gold quotes (the training questions; never the tuning or
  validation parts): the question, expanded as the retriever expands it, → each
  gold quote written as the index writes a sentence (``heading: sentence``);
- **the corpus itself**, so a rulebook no question was asked about still teaches:
  a section heading → each of its sentences; a FAQ heading (a question) → its
  answer; a glossary name (French, English, aliases) → the sentence that defines
  it; each English sentence of ``translation.en.yaml`` → its French original,
  which teaches the English-to-French mapping English questions need.

Pairs are deduplicated and returned in a deterministic order; ``source`` says
where each came from (counted in the fine-tuning report).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from index.chunker import chunk_rulebook, source_sentences
from index.corpus import GlossaryTerm, Rulebook, load_translation
from index.expansion import QueryExpander
from language import fold
from index.store import sentence_embedding_text
from index.types import Chunk

__all__ = ["PAIR_SOURCES", "TrainingPair", "corpus_pairs", "load_questions", "question_pairs"]

PAIR_SOURCES = ("question", "heading", "faq", "glossary", "translation")
_ALIASES_PER_TERM = 3


@dataclass(frozen=True)
class TrainingPair:
    """One anchor (query side) and the text it should land closest to (passage side)."""

    anchor: str
    positive: str
    source: str
    game: str


def load_questions(path: Path) -> list[dict]:
    """The questions of a JSON-lines file (``id``, ``game``, ``question``, ``gold_quotes``)."""
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def question_pairs(questions: Iterable[dict], rulebooks: list[Rulebook]) -> list[TrainingPair]:
    """Each question (expanded like the retriever's queries) → each of its gold quotes, as indexed.

    A gold quote not found in its game's chunks is skipped: the corpus moved on and the
    pair would teach a sentence the index no longer holds.
    """
    chunks = {rb.id: chunk_rulebook(rb).chunks for rb in rulebooks}
    expander = QueryExpander({rb.id: rb.glossary for rb in rulebooks})
    pairs = []
    for question in questions:
        game = question["game"]
        if game not in chunks:
            continue
        anchor = " ".join([question["question"], *expander.expand(question["question"], game)])
        for quote in question.get("gold_quotes") or ():
            chunk = _chunk_holding(chunks[game], quote)
            if chunk is not None:
                pairs.append(TrainingPair(anchor, sentence_embedding_text(chunk, quote), "question", game))
    return _unique(pairs)


def corpus_pairs(rulebooks: list[Rulebook]) -> list[TrainingPair]:
    """Heading → sentence, FAQ question → answer, glossary name → definition, English → French."""
    pairs: list[TrainingPair] = []
    for rulebook in rulebooks:
        pairs += _heading_pairs(rulebook)
        pairs += _glossary_pairs(rulebook)
        pairs += _translation_pairs(rulebook)
    return _unique(pairs)


def _heading_pairs(rulebook: Rulebook) -> list[TrainingPair]:
    pairs = []
    for chunk in chunk_rulebook(rulebook).chunks:
        heading = chunk.heading.strip()
        if not heading or heading == rulebook.title:
            continue
        if heading.endswith("?"):
            pairs.append(TrainingPair(heading, chunk.text, "faq", rulebook.id))
            continue
        pairs += [TrainingPair(heading, s.text, "heading", rulebook.id) for s in chunk.sentences if s.text != heading]
    return pairs


def _glossary_pairs(rulebook: Rulebook) -> list[TrainingPair]:
    sentences = [s for s in source_sentences(rulebook) if not s.heading]
    pairs = []
    for term in rulebook.glossary:
        definition = _defining_sentence(term, sentences)
        if definition is None:
            continue
        for name in _names(term):
            pairs.append(TrainingPair(name, definition, "glossary", rulebook.id))
    return pairs


def _defining_sentence(term: GlossaryTerm, sentences) -> str | None:
    """The sentence that defines a term: a label line (``15 – Le Roi (♦) : …``), else the first
    naming it in a section titled by it, else the first naming it."""
    name = fold(term.fr)
    naming = [s for s in sentences if _names_word(fold(s.text), name)]
    labelled = [s for s in naming if ":" in s.text and _names_word(fold(s.text.split(":", 1)[0]), name)]
    titled = [s for s in naming if _names_word(fold(s.section.rsplit(" › ", 1)[-1]), name)]
    chosen = (labelled or titled or naming or [None])[0]
    return chosen.text if chosen is not None else None


def _names(term: GlossaryTerm) -> list[str]:
    names, seen = [], set()
    for name in (term.fr, term.en, *term.aliases[:_ALIASES_PER_TERM]):
        if name and fold(name) not in seen:
            seen.add(fold(name))
            names.append(name)
    return names


def _translation_pairs(rulebook: Rulebook) -> list[TrainingPair]:
    translation = load_translation(rulebook)
    if translation is None:
        return []
    return [
        TrainingPair(s.en_text, s.fr_text, "translation", rulebook.id)
        for s in translation.sentences
        if fold(s.en_text) != fold(s.fr_text)
    ]


def _chunk_holding(chunks: Iterable[Chunk], quote: str) -> Chunk | None:
    wanted = " ".join(quote.split())
    return next((chunk for chunk in chunks if wanted in " ".join(chunk.text.split())), None)


def _names_word(text: str, name: str) -> bool:
    """``name`` occurs in ``text`` as whole words (both already folded)."""
    start = text.find(name)
    while start >= 0:
        end = start + len(name)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        start = text.find(name, start + 1)
    return False


def _unique(pairs: list[TrainingPair]) -> list[TrainingPair]:
    seen, kept = set(), []
    for pair in pairs:
        key = (pair.anchor, pair.positive)
        if key not in seen:
            seen.add(key)
            kept.append(pair)
    return kept
