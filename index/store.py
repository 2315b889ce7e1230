"""The persisted dense index: FAISS inner-product indexes for chunks and sentences plus a manifest.

Layout of ``<index_dir>/<model slug>/``: ``manifest.json``, ``chunks.faiss``,
``sentences.faiss``, and the same rows in English (``index.bilingual``): ``chunks.en.faiss``,
``sentences.en.faiss``. One folder per model, so switching models back and forth
does not rebuild. The manifest records the model, the corpus fingerprint and
the chunker version; any difference makes the index stale and ``load_or_build``
rebuilds it. Chunk and sentence rows follow the chunker's order, so a game's
rows are one contiguous id range.

A fresh index is memory-mapped (``IO_FLAG_MMAP_IFC``), not read into each
process: the vectors of N server workers share the page cache. Files are
replaced by rename, never rewritten in place, so a rebuild never changes the
pages a running worker has mapped.
"""

from __future__ import annotations

import functools
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

import faiss
import numpy as np

from index.bilingual import EnglishChunk
from index.embedders import Embedder
from index.types import Chunk

__all__ = ["BuildReport", "DenseIndex", "chunk_embedding_text", "model_folder", "sentence_embedding_text"]

MANIFEST_FILE = "manifest.json"
_CHUNKS_FILE = "chunks.faiss"
_SENTENCES_FILE = "sentences.faiss"
_ENGLISH_CHUNKS_FILE = "chunks.en.faiss"
_ENGLISH_SENTENCES_FILE = "sentences.en.faiss"
_FILES = (_CHUNKS_FILE, _SENTENCES_FILE, _ENGLISH_CHUNKS_FILE, _ENGLISH_SENTENCES_FILE)


@dataclass(frozen=True)
class BuildReport:
    """What ``load_or_build`` did: ``rebuilt`` is False when the persisted index was fresh."""

    rebuilt: bool
    reason: str
    path: Path
    chunks: int
    sentences: int
    seconds: float


@dataclass
class DenseIndex:
    """Chunk and sentence vectors, searchable by inner product (cosine on unit vectors), in French and English."""

    chunks: faiss.Index
    sentences: faiss.Index
    english_chunks: faiss.Index
    english_sentences: faiss.Index

    @classmethod
    def load_or_build(
        cls, folder: Path, manifest: dict, chunks: list[Chunk], english: list[EnglishChunk], embedder: Embedder,
        force: bool = False,
    ) -> tuple[DenseIndex, BuildReport]:
        """Load the index in ``folder`` when its manifest equals ``manifest``, else build and save it.

        Args:
            folder: where this model's index lives.
            manifest: the expected manifest (model, corpus hash, chunker version, ...).
            chunks: every chunk, in row order.
            english: every chunk's English, in the same order (``index.bilingual.english_chunks``).
            embedder: used only when (re)building.
            force: rebuild even when fresh.
        """
        started = time.perf_counter()
        sentence_count = sum(len(chunk.sentences) for chunk in chunks)
        reason = "forced" if force else _staleness(folder, manifest)
        if reason is None:
            index = cls(*(_mapped(folder / name) for name in _FILES))
            if (index.chunks.ntotal == index.english_chunks.ntotal == len(chunks)
                    and index.sentences.ntotal == index.english_sentences.ntotal == sentence_count):
                report = BuildReport(False, "up to date", folder, len(chunks), sentence_count, time.perf_counter() - started)
                return index, report
            reason = "row counts differ from the corpus"
        embedder.warm_up()
        index = cls(
            chunks=_flat_index(embedder.embed([chunk_embedding_text(chunk) for chunk in chunks])),
            sentences=_flat_index(
                embedder.embed([sentence_embedding_text(chunk, s.text) for chunk in chunks for s in chunk.sentences])
            ),
            english_chunks=_flat_index(embedder.embed([chunk_embedding_text(chunk) for chunk in english])),
            english_sentences=_flat_index(
                embedder.embed([sentence_embedding_text(chunk, s) for chunk in english for s in chunk.sentences])
            ),
        )
        index.save(folder, manifest)
        return index, BuildReport(True, reason, folder, len(chunks), sentence_count, time.perf_counter() - started)

    def save(self, folder: Path, manifest: dict) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for index, name in zip((self.chunks, self.sentences, self.english_chunks, self.english_sentences), _FILES):
            partial = folder / (name + ".partial")
            faiss.write_index(index, str(partial))
            partial.replace(folder / name)
        # The manifest goes last: a build interrupted before it stays stale.
        (folder / MANIFEST_FILE).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")

    @staticmethod
    def similarities(index: faiss.Index, query: np.ndarray, first: int, last: int) -> np.ndarray:
        """Inner products of ``query`` with rows ``first..last-1``, in row order."""
        first, last = int(first), int(last)
        count = last - first
        if count <= 0:
            return np.zeros(0, dtype=np.float32)
        scores, ids = index.search(query.reshape(1, -1), count, params=_range_parameters(first, last))
        ordered = np.zeros(count, dtype=np.float32)
        valid = ids[0] >= 0
        ordered[ids[0][valid] - first] = scores[0][valid]
        return ordered


@functools.lru_cache(maxsize=1024)
def _range_parameters(first: int, last: int) -> faiss.SearchParameters:
    """Search parameters selecting rows ``first..last-1``, made once per range (a game's rows) instead of per query:
    only read by a search, so threads share them."""
    return faiss.SearchParameters(sel=faiss.IDSelectorRange(first, last))


def model_folder(index_dir: Path, model_name: str) -> Path:
    """``<index_dir>/<model slug>``: one persisted index per embedding model."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", model_name).strip("_.") or "model"
    return Path(index_dir) / slug


def chunk_embedding_text(chunk: Chunk | EnglishChunk) -> str:
    """What the model sees for a chunk: its section path (FAQ headings are questions) and text."""
    return f"{chunk.section}\n{chunk.text}"


def sentence_embedding_text(chunk: Chunk | EnglishChunk, sentence: str) -> str:
    """What the model sees for a sentence: its section's own title, then the sentence."""
    return f"{chunk.heading}: {sentence}"


def _staleness(folder: Path, manifest: dict) -> str | None:
    """Why the persisted index cannot be used, or None when it is fresh."""
    path = folder / MANIFEST_FILE
    if not path.is_file():
        return "no index yet"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return "unreadable manifest"
    changed = sorted(key for key in manifest.keys() | stored.keys() if manifest.get(key) != stored.get(key))
    if changed:
        return "changed: " + ", ".join(changed)
    if not all((folder / name).is_file() for name in _FILES):
        return "index files missing"
    return None


def _mapped(path: Path) -> faiss.Index:
    """The index at ``path`` with its vectors memory-mapped read-only (shared between processes)."""
    return faiss.read_index(str(path), faiss.IO_FLAG_MMAP_IFC | faiss.IO_FLAG_READ_ONLY)


def _flat_index(vectors: np.ndarray) -> faiss.Index:
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index
