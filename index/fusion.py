"""Fusion of lexical and dense scores into one ranking score.

Two methods, measured in docs/retrieval.md:

- ``weighted``: ``w * lexical + (1 - w) * dense`` on absolute scales (BM25
  normalised to 0..1, cosine). The result means the same from query to query,
  so a threshold on it can decide abstention.
- ``rrf``: reciprocal rank fusion, ``Σ 1 / (k + rank)``; scale-free but relative
  to the candidate set, hence useless for abstention.
"""

from __future__ import annotations

import numpy as np

__all__ = ["FUSION_METHODS", "fuse", "reciprocal_rank_fusion", "weighted_fusion"]

FUSION_METHODS = ("weighted", "rrf")
RRF_K = 60


def weighted_fusion(lexical: np.ndarray, dense: np.ndarray, lexical_weight: float) -> np.ndarray:
    """``lexical_weight * lexical + (1 - lexical_weight) * dense``, element-wise.

    Raises:
        ValueError: when the weight is outside 0..1 or the arrays differ in shape.
    """
    if not 0.0 <= lexical_weight <= 1.0:
        raise ValueError(f"lexical_weight: expected a number in [0, 1], got {lexical_weight!r}")
    _same_shape(lexical, dense)
    return lexical_weight * lexical + (1.0 - lexical_weight) * dense


def reciprocal_rank_fusion(lexical: np.ndarray, dense: np.ndarray, k: int = RRF_K) -> np.ndarray:
    """Sum over both rankings of ``1 / (k + rank)``, ranks starting at 1 (ties share the best rank)."""
    _same_shape(lexical, dense)
    return 1.0 / (k + _ranks(lexical)) + 1.0 / (k + _ranks(dense))


def fuse(lexical: np.ndarray, dense: np.ndarray, method: str, lexical_weight: float) -> np.ndarray:
    """Dispatch to one of ``FUSION_METHODS``."""
    if method == "weighted":
        return weighted_fusion(lexical, dense, lexical_weight)
    if method == "rrf":
        return reciprocal_rank_fusion(lexical, dense)
    raise ValueError(f"fusion: expected one of {FUSION_METHODS}, got {method!r}")


def _ranks(scores: np.ndarray) -> np.ndarray:
    """1-based competition ranks, highest score first."""
    order = np.sort(scores)[::-1]
    return np.searchsorted(-order, -scores, side="left").astype(np.float64) + 1.0


def _same_shape(first: np.ndarray, second: np.ndarray) -> None:
    if first.shape != second.shape:
        raise ValueError(f"scores: expected arrays of the same shape, got {first.shape} and {second.shape}")
