"""Retrieval over the rulebooks: corpus loading, markdown-it chunking, BM25 + dense search, fusion.

The service uses ``Retriever`` (see docs/ARCHITECTURE.md and docs/retrieval.md);
nothing here is game-specific: a new game is a new ``corpus/<game>/`` folder.
"""

from index.batching import QueryBatcher
from index.chunker import CHUNKER_VERSION, chunk_rulebook
from index.corpus import GlossaryTerm, Rulebook, load_corpus
from index.embedders import DEFAULT_EMBEDDING_MODEL, USE_EMBEDDING_MODEL, create_embedder
from index.normalize import Normalizer
from index.retriever import RetrievalOptions, Retriever
from index.store import BuildReport
from index.types import Chunk, Hit, RulebookInfo, ScoredSentence, Sentence

__all__ = [
    "CHUNKER_VERSION",
    "DEFAULT_EMBEDDING_MODEL",
    "USE_EMBEDDING_MODEL",
    "BuildReport",
    "Chunk",
    "GlossaryTerm",
    "Hit",
    "Normalizer",
    "QueryBatcher",
    "RetrievalOptions",
    "Retriever",
    "Rulebook",
    "RulebookInfo",
    "ScoredSentence",
    "Sentence",
    "chunk_rulebook",
    "create_embedder",
    "load_corpus",
]
