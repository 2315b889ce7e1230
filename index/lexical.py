"""BM25 over normalised tokens, small and exact (hundreds of chunks: no sparse library needed).

Scores are also given on an absolute 0..1 scale (``normalised``): the BM25 score
divided by the score of a document of average length holding every query term
once (the sum of the terms' idf), clipped to 1. The fused score then means the same
thing from one query to the next, which the service's abstention relies on.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

__all__ = ["BM25"]


class BM25:
    """Okapi BM25 (Lucene's idf, which stays positive).

    Args:
        documents: one token list per document.
        k1: term-frequency saturation.
        b: length normalisation.

    Example:
        >>> bm25 = BM25([["manche", "tour"], ["jeton", "or"]])
        >>> bm25.scores(["jeton"]).argmax()
        1
    """

    def __init__(self, documents: Sequence[Sequence[str]], k1: float = 1.2, b: float = 0.75) -> None:
        if k1 < 0 or not 0 <= b <= 1:
            raise ValueError(f"k1, b: expected k1 >= 0 and 0 <= b <= 1, got k1={k1!r}, b={b!r}")
        self._k1 = k1
        self._b = b
        self._lengths = np.array([len(doc) for doc in documents], dtype=np.float32)
        self._average_length = float(self._lengths.mean()) if len(documents) else 0.0
        postings: dict[str, list[tuple[int, int]]] = {}
        for index, doc in enumerate(documents):
            for term, count in Counter(doc).items():
                postings.setdefault(term, []).append((index, count))
        total = len(documents)
        self._idf = {
            term: math.log(1 + (total - len(rows) + 0.5) / (len(rows) + 0.5))
            for term, rows in postings.items()
        }
        self._norms = (
            self._k1 * (1 - self._b + self._b * self._lengths / self._average_length)
            if self._average_length else self._lengths
        )
        # Per term: document rows (ascending), so a row range is two binary searches, and each row's term score,
        # which depends on the collection only: computed here once, with the float32 steps the query used to take.
        self._postings = {term: self._term_scores(term, rows) for term, rows in postings.items()}

    def __len__(self) -> int:
        return len(self._lengths)

    def idf(self, term: str) -> float:
        return self._idf.get(term, 0.0)

    def scores(self, query: Sequence[str], first: int = 0, last: int | None = None) -> np.ndarray:
        """BM25 score of documents ``first..last-1`` (all by default) for ``query``.

        Repeated query terms count once. Statistics (idf, average length) are the
        whole collection's, so a row's score does not depend on the range asked;
        only the rows asked are computed, which keeps a one-game query cheap when
        the index holds hundreds of rulebooks.
        """
        last = len(self._lengths) if last is None else last
        scores = np.zeros(max(0, last - first), dtype=np.float32)
        if not self._average_length or last <= first:
            return scores
        for term in set(query):
            posting = self._postings.get(term)
            if posting is None:
                continue
            rows, term_scores = posting
            start, stop = rows.searchsorted((first, last))  # the method: np.searchsorted's dispatch cost more
            if start < stop:
                scores[rows[start:stop] - first] += term_scores[start:stop]
        return scores

    def _term_scores(self, term: str, postings: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
        rows = np.array([row for row, _ in postings], dtype=np.int64)
        counts = np.array([count for _, count in postings], dtype=np.int64)
        # Numerator in float64 then float32, as the scalar formula rounds: identical scores, not merely close.
        numerators = (self._idf[term] * counts * (self._k1 + 1)).astype(np.float32)
        return rows, numerators / (counts.astype(np.float32) + self._norms[rows])

    def normalised(self, query: Sequence[str], first: int = 0, last: int | None = None) -> np.ndarray:
        """Scores of rows ``first..last-1`` divided by the sum of the query terms' idf, clipped to 0..1."""
        ceiling = sum(self._idf.get(term, 0.0) for term in set(query))
        scores = self.scores(query, first, last)
        return np.clip(scores / ceiling, 0.0, 1.0) if ceiling > 0 else scores
