"""BM25 scoring, its 0..1 normalisation, and the two fusion methods."""

from __future__ import annotations

import numpy as np
import pytest

from index.fusion import fuse, reciprocal_rank_fusion, weighted_fusion
from index.lexical import BM25


def test_bm25_ranks_documents_holding_rare_query_terms_first() -> None:
    bm25 = BM25([["manche", "tour", "joueur"], ["jeton", "or", "joueur"], ["joueur"]])
    scores = bm25.scores(["or", "joueur"])
    assert scores.argmax() == 1
    assert bm25.idf("or") > bm25.idf("joueur") > 0
    assert bm25.scores(["absent"]).tolist() == [0.0, 0.0, 0.0]


def test_normalised_scores_are_between_zero_and_one_and_count_repeats_once() -> None:
    bm25 = BM25([["manche", "tour"], ["jeton", "or"], ["jeton", "jeton", "or", "or"]])
    normalised = bm25.normalised(["jeton", "or", "or"])
    assert normalised.min() == 0.0
    assert 0.9 < normalised.max() <= 1.0
    assert np.allclose(bm25.scores(["or", "or"]), bm25.scores(["or"]))


def test_bm25_rejects_bad_parameters() -> None:
    with pytest.raises(ValueError, match="k1, b: expected k1 >= 0 and 0 <= b <= 1, got k1=1.2, b=2"):
        BM25([["a"]], b=2)


def test_weighted_fusion_is_a_convex_combination() -> None:
    lexical, dense = np.array([1.0, 0.0, 0.5]), np.array([0.0, 1.0, 0.5])
    assert weighted_fusion(lexical, dense, 0.25).tolist() == [0.25, 0.75, 0.5]
    with pytest.raises(ValueError, match=r"lexical_weight: expected a number in \[0, 1\], got 1.5"):
        weighted_fusion(lexical, dense, 1.5)


def test_rrf_rewards_agreement_between_rankings() -> None:
    lexical = np.array([3.0, 2.0, 1.0])
    dense = np.array([0.1, 0.9, 0.8])
    fused = reciprocal_rank_fusion(lexical, dense)
    assert fused.argmax() == 1  # second in both lists beats first-and-last
    assert fused[1] == pytest.approx(1 / 62 + 1 / 61)


def test_fusion_rejects_unknown_methods_and_mismatched_shapes() -> None:
    with pytest.raises(ValueError, match=r"fusion: expected one of \('weighted', 'rrf'\), got 'max'"):
        fuse(np.zeros(2), np.zeros(2), "max", 0.5)
    with pytest.raises(ValueError, match=r"scores: expected arrays of the same shape, got \(2,\) and \(3,\)"):
        fuse(np.zeros(2), np.zeros(3), "rrf", 0.5)


def test_a_row_range_scores_exactly_those_rows_of_the_whole_collection() -> None:
    rng = np.random.default_rng(0)
    vocabulary = [f"t{i}" for i in range(30)]
    documents = [list(rng.choice(vocabulary, size=int(rng.integers(1, 12)))) for _ in range(200)]
    bm25 = BM25(documents)
    query = ["t1", "t2", "t2", "t7", "absent"]
    whole = bm25.normalised(query)
    for first, last in ((0, 200), (0, 1), (37, 120), (199, 200), (50, 50)):
        assert np.array_equal(bm25.normalised(query, first, last), whole[first:last])
        assert np.array_equal(bm25.scores(query, first, last), bm25.scores(query)[first:last])
