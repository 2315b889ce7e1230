"""``Retriever``: hybrid (BM25 + dense) search over the rulebooks, with sentence scores.

Usage:
    >>> retriever = Retriever(Path("corpus"), Path(".index"))
    >>> retriever.warm_up()            # loads the model; builds the index if missing or stale
    >>> hits = retriever.run("Le Matelot double-t-il aussi une perte ?", game="emblemes", k=3)
    >>> hits[0].section, hits[0].sentences[0].text

``__init__`` only validates; ``warm_up`` does the slow work once (haystack's
component contract). ``run`` is pure given the loaded state.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import faiss
import numpy as np

from index.batching import QueryBatcher
from index.bilingual import EnglishChunk, english_chunks
from index.chunker import CHUNKER_VERSION, DEFAULT_MAX_CHARS, chunk_rulebook
from index.corpus import Rulebook, corpus_fingerprint, load_corpus
from index.embedders import DEFAULT_EMBEDDING_MODEL, Embedder, create_embedder
from index.expansion import QueryExpander
from index.fusion import FUSION_METHODS, fuse
from index.lexical import BM25
from index.normalize import Normalizer
from index.store import BuildReport, DenseIndex, model_folder
from index.types import Chunk, Hit, RulebookInfo, ScoredSentence
from language import LANGUAGES, detect_language

__all__ = ["MODES", "RetrievalOptions", "Retriever"]

MODES = ("hybrid", "lexical", "dense")
MAX_K = 100


@dataclass(frozen=True)
class RetrievalOptions:
    """How ``run`` ranks; every field can be overridden per call.

    Args:
        mode: ``hybrid``, ``lexical`` or ``dense``.
        fusion: ``weighted`` (absolute scores, default) or ``rrf``.
        lexical_weight: share of the lexical score in weighted fusion.
        expand_queries: add the French words of glossary and vocabulary matches.
        sentence_pooling: a chunk's lexical and dense scores are the best of its own
            and its best sentence's (a one-sentence answer inside a long chunk).
        english_weight: for an English question, the share of the chunks' and sentences'
            scores that comes from their English translation (``index.bilingual``;
            0 = the French alone).
    """

    mode: str = "hybrid"
    fusion: str = "weighted"
    lexical_weight: float = 0.4
    expand_queries: bool = True
    sentence_pooling: bool = True
    english_weight: float = 0.5

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode: expected one of {MODES}, got {self.mode!r}")
        if self.fusion not in FUSION_METHODS:
            raise ValueError(f"fusion: expected one of {FUSION_METHODS}, got {self.fusion!r}")
        if not 0.0 <= self.lexical_weight <= 1.0:
            raise ValueError(f"lexical_weight: expected a number in [0, 1], got {self.lexical_weight!r}")
        if not 0.0 <= self.english_weight <= 1.0:
            raise ValueError(f"english_weight: expected a number in [0, 1], got {self.english_weight!r}")


class Retriever:
    """Finds the rulebook chunks that answer a question, best first.

    Args:
        corpus_dir: folder of ``<game>/rules.md`` (+ ``glossary.yaml``).
        index_dir: where the dense index is persisted (one sub-folder per model).
        embedding_model: a setting value understood by ``index.embedders.create_embedder``.
        options: default ranking options (see ``RetrievalOptions``).
        normalizer: lexical tokenisation (accent folding, elision, stopwords, stemming).
        embedder: an already built embedder, overriding ``embedding_model``.
        max_chars: longest chunk before a section is cut between sentences.
        query_cache_size: query vectors kept (LRU); repeated questions skip the model.
        threads: CPU threads for the model.
        concurrent_batches: model calls at once; concurrent queries beyond that are
            embedded together in the next call (``index.batching``).
    """

    def __init__(
        self,
        corpus_dir: Path,
        index_dir: Path,
        embedding_model: str = DEFAULT_EMBEDDING_MODEL,
        *,
        options: RetrievalOptions | None = None,
        normalizer: Normalizer | None = None,
        embedder: Embedder | None = None,
        max_chars: int = DEFAULT_MAX_CHARS,
        query_cache_size: int = 512,
        threads: int = 1,
        concurrent_batches: int = 2,
    ) -> None:
        if max_chars < 1:
            raise ValueError(f"max_chars: expected a positive integer, got {max_chars!r}")
        if query_cache_size < 0:
            raise ValueError(f"query_cache_size: expected an integer >= 0, got {query_cache_size!r}")
        self.corpus_dir = Path(corpus_dir)
        self.index_dir = Path(index_dir)
        self.options = options or RetrievalOptions()
        self.normalizer = normalizer or Normalizer()
        self.embedder = embedder or create_embedder(embedding_model, threads=threads)
        self.max_chars = max_chars
        self._cache_size = query_cache_size
        self._query_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_lock = threading.Lock()  # requests run in a thread pool
        self._batcher = QueryBatcher(self.embedder, concurrent_batches=concurrent_batches)
        self._state: _LoadedState | None = None

    @property
    def ready(self) -> bool:
        return self._state is not None

    def warm_up(self, force_rebuild: bool = False) -> BuildReport:
        """Load the corpus, the model and the index (rebuilt when missing, stale or forced).

        Returns:
            What was done, with ``rebuilt=False`` when the persisted index was fresh.
        """
        rulebooks = load_corpus(self.corpus_dir)
        chunked = {rulebook.id: chunk_rulebook(rulebook, self.max_chars) for rulebook in rulebooks}
        chunks = [chunk for rulebook in rulebooks for chunk in chunked[rulebook.id].chunks]
        english = english_chunks(rulebooks, chunks)
        manifest = {
            "model": self.embedder.name,
            "corpus_hash": corpus_fingerprint(rulebooks),
            "chunker_version": CHUNKER_VERSION,
            "max_chars": self.max_chars,
        }
        self.embedder.warm_up()
        dense, report = DenseIndex.load_or_build(
            model_folder(self.index_dir, self.embedder.name), manifest, chunks, english, self.embedder,
            force=force_rebuild,
        )
        self._state = _LoadedState.create(rulebooks, chunks, english, chunked, dense, self.normalizer)
        self._query_vectors.clear()
        return report

    def rulebooks(self) -> list[RulebookInfo]:
        """Every game: id, title, language, players and number of sections."""
        state = self._loaded()
        return [
            RulebookInfo(rb.id, rb.title, rb.language, rb.players, state.section_counts[rb.id])
            for rb in state.rulebooks
        ]

    def run(self, query: str, game: str | None = None, k: int = 5, options: RetrievalOptions | None = None,
            language: str | None = None) -> list[Hit]:
        """Rank the chunks of one game (or all games) for ``query``.

        Args:
            query: the question, in French or English.
            game: a game id, or None to search every game.
            k: how many hits, 1..100.
            options: overrides the retriever's default options for this call.
            language: the question's language (``"fr"``/``"en"``) as the caller's text layer decided it; detected
                from ``query`` only when None. A query built from the question (a follow-up's question and the
                previous answer's section title) keeps the question's language.

        Returns:
            Up to ``k`` hits, best first; each hit's sentences are in file order with scores.

        Raises:
            ValueError: on an empty query, an unknown game, ``k`` out of range or an unknown ``language``.
        """
        state = self._loaded()
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"language: expected one of {LANGUAGES} or None, got {language!r}")
        if not isinstance(query, str) or not query.strip():
            raise ValueError(f"query: expected a non-empty string, got {query!r}")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise ValueError(f"k: expected an integer in 1..{MAX_K}, got {k!r}")
        if game is not None and game not in state.chunk_ranges:
            raise ValueError(f"game: expected one of {sorted(state.chunk_ranges)}, got {game!r}")
        options = options or self.options
        first, last = state.chunk_ranges[game] if game else (0, len(state.chunks))
        sentence_first = state.sentence_offsets[first]
        sentence_last = state.sentence_offsets[last]

        expansion = state.expander.expand(query, game) if options.expand_queries else []
        expanded_query = " ".join([query, *expansion])
        vector = None if options.mode == "lexical" else self._query_vector(expanded_query)
        rows = _Rows(first, last, sentence_first, sentence_last, state.sentence_offsets[first:last] - sentence_first)
        lexical, dense, sentence_lexical, sentence_dense = _side_scores(
            state.french, rows, self.normalizer.tokens(expanded_query), vector, options
        )
        english_weight = options.english_weight if options.english_weight and (language or detect_language(query)) == "en" else 0.0
        if english_weight and state.translated[first:last].any():
            # Its words as asked (the French words of the expansion are not English text's); the same query vector.
            english = _side_scores(state.english, rows, self.normalizer.tokens(query), vector, options)
            chunk_weight = english_weight * state.translated[first:last]
            sentence_weight = np.repeat(chunk_weight, np.diff(state.sentence_offsets[first : last + 1]))
            lexical, dense, sentence_lexical, sentence_dense = (
                (1.0 - weight) * french + weight * translated
                for french, translated, weight in zip(
                    (lexical, dense, sentence_lexical, sentence_dense), english,
                    (chunk_weight, chunk_weight, sentence_weight, sentence_weight),
                )
            )
        scores = _combine(lexical, dense, options)
        sentence_scores = _combine(sentence_lexical, sentence_dense, dataclasses.replace(options, fusion="weighted"))

        order = np.argsort(-scores, kind="stable")[:k]
        return [
            self._hit(state, first + int(row), scores[row], lexical[row], dense[row],
                      (sentence_scores, sentence_lexical, sentence_dense), sentence_first)
            for row in order
        ]

    def clear_query_cache(self) -> None:
        """Forget cached query vectors (benchmarks measure the model call)."""
        with self._cache_lock:
            self._query_vectors.clear()

    def _hit(
        self, state: _LoadedState, row: int, score: float, lexical: float, dense: float,
        sentence_scores: tuple[np.ndarray, np.ndarray, np.ndarray], sentence_first: int,
    ) -> Hit:
        chunk = state.chunks[row]
        offset = state.sentence_offsets[row] - sentence_first
        span = slice(offset, offset + len(chunk.sentences))  # as Python floats at once, not one numpy scalar each
        fused, lexical_, dense_ = (scores[span].tolist() for scores in sentence_scores)
        sentences = tuple(
            ScoredSentence(s.start, s.end, s.text, round(fused[i], 6), round(lexical_[i], 6), round(dense_[i], 6))
            for i, s in enumerate(chunk.sentences)
        )
        return Hit(
            game=chunk.game,
            section=chunk.section,
            passage=chunk.text,
            score=round(float(score), 6),
            source=(chunk.source_path, chunk.start, chunk.end),
            lexical=round(float(lexical), 6),
            dense=round(float(dense), 6),
            sentences=sentences,
        )

    def _query_vector(self, text: str) -> np.ndarray:
        with self._cache_lock:
            vector = self._query_vectors.get(text)
            if vector is not None:
                self._query_vectors.move_to_end(text)
                return vector
        vector = self._batcher.embed_one(text)
        if self._cache_size:
            with self._cache_lock:
                self._query_vectors[text] = vector
                if len(self._query_vectors) > self._cache_size:
                    self._query_vectors.popitem(last=False)
        return vector

    def _loaded(self) -> _LoadedState:
        if self._state is None:
            raise RuntimeError("Retriever is not loaded: call warm_up() first")
        return self._state


@dataclass(frozen=True)
class _LoadedState:
    """Everything ``warm_up`` loads; rows of chunks, vectors and BM25 documents line up."""

    rulebooks: list[Rulebook]
    chunks: list[Chunk]
    chunk_ranges: dict[str, tuple[int, int]]
    sentence_offsets: np.ndarray
    section_counts: dict[str, int]
    dense: DenseIndex
    french: _Side
    english: _Side
    translated: np.ndarray
    """Per chunk row: 1.0 when its game has an English translation (its English side weighs), else 0.0."""
    expander: QueryExpander

    @classmethod
    def create(cls, rulebooks, chunks, english: list[EnglishChunk], chunked, dense, normalizer) -> _LoadedState:
        ranges, position = {}, 0
        for rulebook in rulebooks:
            ranges[rulebook.id] = (position, position + len(chunked[rulebook.id].chunks))
            position = ranges[rulebook.id][1]
        # sentence_offsets[i] is the first sentence row of chunk i; the last entry is the total.
        sentence_offsets = np.cumsum([0] + [len(chunk.sentences) for chunk in chunks])
        return cls(
            rulebooks=rulebooks,
            chunks=chunks,
            chunk_ranges=ranges,
            sentence_offsets=sentence_offsets,
            section_counts={rb.id: chunked[rb.id].sections for rb in rulebooks},
            dense=dense,
            french=_Side(
                BM25([normalizer.tokens(f"{c.section}\n{c.text}") for c in chunks]),
                BM25([normalizer.tokens(f"{c.heading} {s.text}") for c in chunks for s in c.sentences]),
                dense.chunks, dense.sentences,
            ),
            english=_Side(
                BM25([normalizer.tokens(f"{c.section}\n{c.text}") for c in english]),
                BM25([normalizer.tokens(f"{c.heading} {s}") for c in english for s in c.sentences]),
                dense.english_chunks, dense.english_sentences,
            ),
            translated=np.array([1.0 if c.translated else 0.0 for c in english]),
            expander=QueryExpander({rb.id: rb.glossary for rb in rulebooks}),
        )


@dataclass(frozen=True)
class _Side:
    """One language's searchable text: BM25 and vectors of the chunks and of their sentences, rows aligned."""

    chunk_bm25: BM25
    sentence_bm25: BM25
    chunk_vectors: faiss.Index
    sentence_vectors: faiss.Index


@dataclass(frozen=True)
class _Rows:
    """The chunk and sentence rows one query searches (a game's, or all), and where each chunk's sentences start."""

    first: int
    last: int
    sentence_first: int
    sentence_last: int
    starts: np.ndarray


def _side_scores(
    side: _Side, rows: _Rows, tokens: list[str], vector: np.ndarray | None, options: RetrievalOptions
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Chunk lexical and dense scores (pooled with their best sentence's when asked), then sentence ones."""
    lexical = side.chunk_bm25.normalised(tokens, rows.first, rows.last)
    sentence_lexical = side.sentence_bm25.normalised(tokens, rows.sentence_first, rows.sentence_last)
    if vector is None:
        dense, sentence_dense = np.zeros_like(lexical), np.zeros_like(sentence_lexical)
    else:
        dense = DenseIndex.similarities(side.chunk_vectors, vector, rows.first, rows.last)
        sentence_dense = DenseIndex.similarities(side.sentence_vectors, vector, rows.sentence_first, rows.sentence_last)
    if options.sentence_pooling:
        lexical = np.maximum(lexical, np.maximum.reduceat(sentence_lexical, rows.starts))
        if vector is not None:
            dense = np.maximum(dense, np.maximum.reduceat(sentence_dense, rows.starts))
    return lexical, dense, sentence_lexical, sentence_dense


def _combine(lexical: np.ndarray, dense: np.ndarray, options: RetrievalOptions) -> np.ndarray:
    if options.mode == "lexical":
        return lexical
    if options.mode == "dense":
        return dense
    return fuse(lexical, dense, options.fusion, options.lexical_weight)
