"""The ONNX Runtime embedder: the same vectors as torch, exported once, rejected where it cannot run."""

from __future__ import annotations

import os
import subprocess
import sys
import time
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


_QUANTISE_WHEN_TOLD = """
import os, sys, time
from pathlib import Path
from index.onnx_embedder import ensure_int8_model
from index.onnx_export import OnnxExport
from onnxruntime.quantization import quantize_dynamic  # imported before the start, so all start together
folder, go = Path(sys.argv[1]), Path(sys.argv[2])
(go.parent / f"imported-{os.getpid()}").touch()
while not go.exists():
    time.sleep(0.001)
ensure_int8_model(OnnxExport(folder, exported=False, seconds=0.0, max_seq_length=8))
"""


def _matmul_chain(path: Path, layers: int = 12, width: int = 384) -> None:
    """A small encoder-like graph (MatMuls with constant weights, ~7 MB) for quantisation to work on."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    weights = [numpy_helper.from_array(rng.standard_normal((width, width)).astype(np.float32), f"w{n}")
               for n in range(layers)]
    nodes = [helper.make_node("MatMul", ["x" if n == 0 else f"h{n - 1}", f"w{n}"], [f"h{n}"]) for n in range(layers)]
    graph = helper.make_graph(nodes, "chain", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", width])],
                              [helper.make_tensor_value_info(f"h{layers - 1}", TensorProto.FLOAT, ["batch", width])],
                              initializer=weights)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))


def test_workers_warming_up_together_quantise_once(tmp_path: Path) -> None:
    """``serve --workers 2`` after a copy made the int8 model look stale: both workers must come up.

    ``quantize_dynamic`` writes a fixed-name ``model-inferred.onnx`` beside its input; two processes
    quantising at once removed each other's file (FileNotFoundError) or read it half written.
    """
    import onnxruntime

    _matmul_chain(tmp_path / "model.onnx")
    stale = tmp_path / "model.int8.onnx"
    stale.write_bytes(b"an int8 model older than the export")
    os.utime(stale, ns=(0, 0))
    go = tmp_path / "starting" / "go"
    go.parent.mkdir()
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "OMP_NUM_THREADS": "1"}
    workers = [subprocess.Popen([sys.executable, "-c", _QUANTISE_WHEN_TOLD, str(tmp_path), str(go)], env=env,
                                stderr=subprocess.PIPE, text=True) for _ in range(3)]
    for _ in range(6000):
        if len(list(go.parent.iterdir())) == len(workers) or any(w.poll() is not None for w in workers):
            break
        time.sleep(0.01)
    go.touch()
    errors = [worker.communicate(timeout=120)[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0, 0], "\n".join(errors)
    assert stale.stat().st_mtime_ns > (tmp_path / "model.onnx").stat().st_mtime_ns
    onnxruntime.InferenceSession(str(stale), providers=["CPUExecutionProvider"])  # a whole, valid model
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "model.int8.onnx", "model.onnx", "starting"]
