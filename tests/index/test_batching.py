"""QueryBatcher: concurrent single queries share model calls and each gets its own vector."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from index import QueryBatcher, create_embedder


class _SlowCountingEmbedder:
    """The hashed embedder, slowed down so that queries pile up, counting calls and batch sizes."""

    name = "slow"

    def __init__(self, seconds: float = 0.02) -> None:
        self.inner = create_embedder("hashed")
        self.seconds = seconds
        self.batch_sizes: list[int] = []
        self._lock = threading.Lock()

    def warm_up(self) -> None:
        return None

    def embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            self.batch_sizes.append(len(texts))
        time.sleep(self.seconds)
        if any(text == "boom" for text in texts):
            raise RuntimeError("model failed")
        return self.inner.embed(texts)


def test_a_lone_query_is_embedded_alone_and_exactly() -> None:
    embedder = _SlowCountingEmbedder(0.0)
    batcher = QueryBatcher(embedder)
    vector = batcher.embed_one("Le Matelot double-t-il une perte ?")
    np.testing.assert_array_equal(vector, embedder.inner.embed(["Le Matelot double-t-il une perte ?"])[0])
    assert embedder.batch_sizes == [1]


def test_concurrent_queries_share_calls_and_get_their_own_vectors() -> None:
    embedder = _SlowCountingEmbedder()
    batcher = QueryBatcher(embedder, concurrent_batches=1, max_batch=8)
    questions = [f"question numéro {number} sur la carte {number * 7}" for number in range(24)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        vectors = list(pool.map(batcher.embed_one, questions))
    for question, vector in zip(questions, vectors):
        np.testing.assert_allclose(vector, embedder.inner.embed([question])[0], atol=1e-6)
    assert sum(embedder.batch_sizes) == len(questions)
    assert len(embedder.batch_sizes) < len(questions)
    assert max(embedder.batch_sizes) <= 8


def test_a_failed_batch_raises_in_every_waiting_thread_and_the_batcher_recovers() -> None:
    embedder = _SlowCountingEmbedder()
    batcher = QueryBatcher(embedder, concurrent_batches=1)
    with pytest.raises(RuntimeError, match="model failed"):
        batcher.embed_one("boom")
    assert batcher.embed_one("encore une question").shape == (256,)


@pytest.mark.parametrize(("field", "kwargs"), [("concurrent_batches", {"concurrent_batches": 0}), ("max_batch", {"max_batch": 0})])
def test_bad_settings_name_the_field(field: str, kwargs: dict) -> None:
    with pytest.raises(ValueError, match=rf"{field}: expected an integer >= 1, got 0"):
        QueryBatcher(create_embedder("hashed"), **kwargs)


class _QueryEncoderEmbedder(_SlowCountingEmbedder):
    """An embedder with a separate query encoder (as the ONNX one with an int8 copy)."""

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return -self.embed(texts)


def test_queries_go_through_the_query_encoder_when_the_embedder_has_one() -> None:
    embedder = _QueryEncoderEmbedder(0.0)
    vector = QueryBatcher(embedder).embed_one("Qui commence ?")
    np.testing.assert_array_equal(vector, -embedder.inner.embed(["Qui commence ?"])[0])


def test_by_default_concurrent_queries_are_embedded_one_per_call() -> None:
    embedder = _SlowCountingEmbedder()
    batcher = QueryBatcher(embedder)
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(batcher.embed_one, [f"question {number}" for number in range(16)]))
    assert embedder.batch_sizes == [1] * 16
