"""Concurrent query embeddings: at most ``concurrent_batches`` model calls at once, the rest queued.

Queries that arrive while the model is busy wait their turn and may be embedded
together (``max_batch``). For real questions that costs more, not less: a batch is
padded to its longest question (train questions run 31 tokens at the median, 70 at
the 90th percentile), and 8 threads embedding the 250 train questions through one
batcher got 13.6-17.5 queries/s at 13.8-16.0 ms CPU each one at a time, against
8.5-9.7 q/s at 17.8-19.9 ms in batches of up to 16 (fp32; int8: 57-72 against
17-27 q/s; two alternated rounds, load average 19). So the default embeds one
query per call; the limit on concurrent calls keeps the cores for the rest of the
request. Embedding alone also gives a question the same vector whatever else is
asked at the time.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from index.embedders import Embedder

__all__ = ["QueryBatcher"]


@dataclass
class _Request:
    text: str
    vector: np.ndarray | None = None
    error: BaseException | None = None
    done: bool = False


@dataclass
class QueryBatcher:
    """Embeds single queries from many threads, batching those that arrive while the model is busy.

    Args:
        embedder: the model; its ``embed`` takes a list of texts.
        concurrent_batches: batches run at the same time (one per core the model may use).
        max_batch: most queries embedded in one call.

    Example:
        >>> batcher = QueryBatcher(create_embedder("hashed"))
        >>> batcher.embed_one("Le Matelot double-t-il une perte ?").shape
        (256,)
    """

    embedder: Embedder
    concurrent_batches: int = 2
    max_batch: int = 1
    _pending: list[_Request] = field(default_factory=list, init=False, repr=False)
    _running: int = field(default=0, init=False, repr=False)
    _condition: threading.Condition = field(default_factory=threading.Condition, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.concurrent_batches < 1:
            raise ValueError(f"concurrent_batches: expected an integer >= 1, got {self.concurrent_batches!r}")
        if self.max_batch < 1:
            raise ValueError(f"max_batch: expected an integer >= 1, got {self.max_batch!r}")

    def embed_one(self, text: str) -> np.ndarray:
        """The unit vector of ``text``, embedded alone or with the queries waiting beside it.

        A waiting thread runs the next batch as soon as a batch slot is free, whether or
        not its own query is in it; it returns once its own query has been embedded.

        Raises:
            Whatever the embedder raised for the batch holding ``text``.
        """
        request = _Request(text)
        with self._condition:
            self._pending.append(request)
        while True:
            with self._condition:
                while not request.done and (self._running >= self.concurrent_batches or not self._pending):
                    self._condition.wait()
                if request.done:
                    return self._result(request)
                batch = self._pending[: self.max_batch]
                del self._pending[: len(batch)]
                self._running += 1
            self._run(batch)

    def _run(self, batch: list[_Request]) -> None:
        try:
            embed = getattr(self.embedder, "embed_queries", None) or self.embedder.embed
            vectors = embed([queued.text for queued in batch])
            outcome: list[tuple[np.ndarray | None, BaseException | None]] = [(vector, None) for vector in vectors]
        except Exception as error:  # each waiting request re-raises it in its own thread
            outcome = [(None, error)] * len(batch)
        with self._condition:
            for queued, (vector, error) in zip(batch, outcome):
                queued.vector, queued.error, queued.done = vector, error, True
            self._running -= 1
            self._condition.notify_all()

    @staticmethod
    def _result(request: _Request) -> np.ndarray:
        if request.error is not None:
            raise request.error
        return request.vector  # type: ignore[return-value]  # done without error: set by _run
