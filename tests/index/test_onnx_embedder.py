"""The ONNX Runtime embedder: the same vectors as torch, exported once, rejected where it cannot run."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from index.embedders import DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder, create_embedder
from index.onnx_embedder import OnnxSentenceEmbedder, ensure_int8_model
from index.onnx_export import ensure_onnx_export

PROJECT_ROOT = Path(__file__).resolve().parents[2]
TEXTS = [
    "Combien de pièces d'or reçoit chaque joueur au début ?",
    "If the Sailor's reward is negative, is the loss doubled too?",
    "Fin de la manche",
    "Le joueur le plus fourbe de la table prend le pion Premier joueur. " * 40,  # past the 256-token cut
]


def test_onnx_runtime_is_chosen_by_setting(tmp_path: Path) -> None:
    embedder = create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="onnx", export_dir=tmp_path)
    assert isinstance(embedder, OnnxSentenceEmbedder)
    assert embedder.name == DEFAULT_EMBEDDING_MODEL  # same model, so the same index folder
    assert embedder.export_dir == tmp_path / DEFAULT_EMBEDDING_MODEL
    assert isinstance(create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="torch"), SentenceTransformerEmbedder)
    assert create_embedder("hashed:16", runtime="onnx", export_dir=tmp_path).name == "hashed:16"


@pytest.mark.parametrize(
    ("name", "runtime", "export_dir", "message"),
    [
        (DEFAULT_EMBEDDING_MODEL, "tensorflow", Path("x"), "embedding_runtime: expected one of"),
        ("org/some-hub-model", "onnx", Path("x"), "needs a local model folder"),
        (DEFAULT_EMBEDDING_MODEL, "onnx", None, "export_dir: the onnx runtime needs a folder"),
    ],
)
def test_impossible_onnx_settings_are_rejected(name: str, runtime: str, export_dir: Path | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        create_embedder(name, runtime=runtime, export_dir=export_dir)


def test_missing_weights_are_named(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="model_dir: expected weights"):
        ensure_onnx_export(tmp_path, tmp_path / "export")


@pytest.mark.integration
def test_onnx_vectors_match_torch_and_the_export_is_reused() -> None:
    export_dir = Path(os.environ.get("ARBITRE_INDEX_DIR", PROJECT_ROOT / ".index")) / "onnx"
    onnx = create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="onnx", export_dir=export_dir)
    torch = create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="torch")
    together = onnx.embed(TEXTS)
    alone = np.vstack([onnx.embed([text]) for text in TEXTS])
    reference = torch.embed(TEXTS)
    assert together.shape == reference.shape == (len(TEXTS), 384) and together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.min(np.sum(together * reference, axis=1)) >= 0.999
    assert np.min(np.sum(alone * together, axis=1)) >= 0.9999  # padding in a batch changes nothing
    again = ensure_onnx_export(onnx.model_dir, onnx.export_dir)
    assert not again.exported and again.model_path.is_file()
    assert onnx.embed([]).shape == (0, 384)


def test_an_unknown_query_precision_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="query_precision: expected one of"):
        create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="onnx", export_dir=tmp_path, query_precision="int4")


@pytest.mark.integration
def test_int8_queries_stay_close_to_fp32_and_passages_stay_fp32() -> None:
    export_dir = Path(os.environ.get("ARBITRE_INDEX_DIR", PROJECT_ROOT / ".index")) / "onnx"
    fp32 = create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="onnx", export_dir=export_dir)
    int8 = create_embedder(DEFAULT_EMBEDDING_MODEL, runtime="onnx", export_dir=export_dir, query_precision="int8")
    np.testing.assert_array_equal(int8.embed(TEXTS), fp32.embed(TEXTS))  # what the index holds is unchanged
    np.testing.assert_array_equal(fp32.embed_queries(TEXTS[:1]), fp32.embed(TEXTS[:1]))
    queries = np.vstack([int8.embed_queries([text]) for text in TEXTS])
    cosines = np.sum(queries * fp32.embed(TEXTS), axis=1)
    assert queries.dtype == np.float32 and np.allclose(np.linalg.norm(queries, axis=1), 1.0, atol=1e-5)
    assert 0.97 <= cosines.min() and cosines.max() < 0.99999  # close, and really another encoder
    made = ensure_int8_model(int8.export)
    assert made.is_file() and ensure_int8_model(int8.export).stat().st_mtime_ns == made.stat().st_mtime_ns
