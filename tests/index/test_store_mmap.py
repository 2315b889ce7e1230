"""The persisted index is memory-mapped on load and replaced by rename on rebuild."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from index import Retriever
from index.embedders import HashedEmbedder
from index.store import DenseIndex, model_folder


def _mapped_files() -> set[str]:
    return {line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines() if line.count(" ") >= 5}


def test_a_fresh_index_is_mapped_not_read(corpus_dir: Path, tmp_path: Path) -> None:
    built = Retriever(corpus_dir, tmp_path / "index", "hashed")
    assert built.warm_up().rebuilt
    loaded = Retriever(corpus_dir, tmp_path / "index", "hashed")
    assert not loaded.warm_up().rebuilt
    folder = model_folder(tmp_path / "index", "hashed:256")
    assert str(folder / "chunks.faiss") in _mapped_files() and str(folder / "sentences.faiss") in _mapped_files()
    question = "combien de manches"
    assert [h.section for h in loaded.run(question, k=3)] == [h.section for h in built.run(question, k=3)]


def test_a_rebuild_leaves_a_mapped_index_readable(corpus_dir: Path, tmp_path: Path) -> None:
    Retriever(corpus_dir, tmp_path / "index", "hashed").warm_up()
    live = Retriever(corpus_dir, tmp_path / "index", "hashed")
    live.warm_up()
    before = live.run("or", k=2)
    Retriever(corpus_dir, tmp_path / "index", "hashed").warm_up(force_rebuild=True)
    assert [h.passage for h in live.run("or", k=2)] == [h.passage for h in before]
    assert not list(model_folder(tmp_path / "index", "hashed:256").glob("*.partial"))


def test_similarities_over_a_mapped_range_match_the_matrix(corpus_dir: Path, tmp_path: Path) -> None:
    retriever = Retriever(corpus_dir, tmp_path / "index", embedder=HashedEmbedder(32))
    retriever.warm_up()
    again = Retriever(corpus_dir, tmp_path / "index", embedder=HashedEmbedder(32))
    again.warm_up()
    index = again._loaded().dense.chunks
    vectors = index.reconstruct_n(0, index.ntotal)
    query = HashedEmbedder(32).embed(["or pièces"])[0]
    np.testing.assert_allclose(DenseIndex.similarities(index, query, 1, 4), vectors[1:4] @ query, atol=1e-6)
