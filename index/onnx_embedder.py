"""A sentence-transformers BERT model run by ONNX Runtime instead of torch.

Same vectors as ``SentenceTransformerEmbedder`` (cosine >= 0.999, see
``scripts/bench_embedding.py``) for a fraction of the per-query CPU: the torch
forward pass for one short question carries ~10 ms of framework overhead that
ONNX Runtime's fused graph does not. Tokenisation is the model's own
``tokenizer.json`` (the Rust ``tokenizers`` library sentence-transformers uses),
truncated to the model's ``max_seq_length``; pooling is the masked mean, then L2.

Queries may run through an int8 copy of the encoder (``query_precision="int8"``):
ONNX Runtime's dynamic quantisation, weights per output channel, made once beside
the export. The indexed passages stay fp32 (``embed``); only ``embed_queries`` uses
the copy, at about half the CPU per question (``scripts/bench_query_encoder.py``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from index.onnx_export import OnnxExport, ensure_onnx_export, export_lock

__all__ = ["QUERY_PRECISIONS", "OnnxSentenceEmbedder", "ensure_int8_model"]

QUERY_PRECISIONS = ("fp32", "int8")
INT8_MODEL_FILE = "model.int8.onnx"


class OnnxSentenceEmbedder:
    """Embeds with an ONNX export of the model, made on first warm-up into ``export_dir``.

    Args:
        name: the model setting value (kept as the index's model name: the vectors are the same model's).
        model_dir: the local sentence-transformers folder to export from.
        export_dir: where the export is kept (beside the index, so a clean clone rebuilds it).
        threads: ONNX Runtime intra-op threads.
        query_precision: ``"fp32"``, or ``"int8"`` for queries through the quantised copy.

    Raises:
        ValueError: when ``query_precision`` is not one of :data:`QUERY_PRECISIONS`.
    """

    def __init__(self, name: str, model_dir: Path, export_dir: Path, threads: int = 1,
                 query_precision: str = "fp32") -> None:
        if query_precision not in QUERY_PRECISIONS:
            raise ValueError(f"query_precision: expected one of {QUERY_PRECISIONS}, got {query_precision!r}")
        self.name = name
        self.model_dir = Path(model_dir)
        self.export_dir = Path(export_dir)
        self.query_precision = query_precision
        self._threads = threads
        self._session = None
        self._query_session = None
        self._tokenizer = None
        self.export: OnnxExport | None = None
        self.dimension = 0

    def warm_up(self) -> None:
        if self._session is not None:
            return
        from tokenizers import Tokenizer

        export = ensure_onnx_export(self.model_dir, self.export_dir)
        tokenizer = Tokenizer.from_file(str(export.tokenizer_path))
        tokenizer.enable_truncation(export.max_seq_length)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        session = self._open(export.model_path)
        self._query_session = self._open(ensure_int8_model(export)) if self.query_precision == "int8" else session
        self._tokenizer = tokenizer
        self.export = export
        self._session = session
        self.dimension = self._embed_batch(["warm-up"], session).shape[1]

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit rows, one per text, in the order given, from the fp32 encoder (what the index holds).

        Long lists go through in batches of 64 texts of similar length: a batch is
        padded to its longest text, so grouping by length cuts the padding the model
        computes on (index builds ran 1.4-2x faster on the five rulebooks).
        """
        self.warm_up()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        order = np.argsort([len(text) for text in texts], kind="stable")
        by_length = [texts[i] for i in order]
        vectors = np.vstack([self._embed_batch(by_length[start:start + 64], self._session)
                             for start in range(0, len(by_length), 64)])
        rows = np.empty_like(vectors)
        rows[order] = vectors
        return rows

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Unit rows for search queries: the encoder of ``query_precision`` (fp32: the same as :meth:`embed`)."""
        self.warm_up()
        if self._query_session is self._session:
            return self.embed(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return self._embed_batch(list(texts), self._query_session)

    def _open(self, path: Path):
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        return onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def _embed_batch(self, texts: list[str], session) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        (hidden,) = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def ensure_int8_model(export: OnnxExport) -> Path:
    """The int8 copy of ``export``'s encoder, made when missing or older than the export.

    Dynamic quantisation (``onnxruntime.quantization.quantize_dynamic``): int8 weights, one
    scale per output channel (per-tensor scales moved query vectors to cosine 0.91 of fp32;
    per channel keeps >= 0.98), activations quantised per call. One process quantises while
    the others wait (:func:`index.onnx_export.export_lock`): ``quantize_dynamic`` writes a
    fixed-name ``model-inferred.onnx`` beside its input, so two workers quantising together
    (``arbitre serve --workers 2`` after a copy reset the files' times) broke each other's
    warm-up. Written under a temporary name and renamed, so a reader never sees half a file.
    """
    target = export.folder / INT8_MODEL_FILE
    if _int8_is_current(target, export):
        return target
    with export_lock(export.folder):
        if _int8_is_current(target, export):  # another worker made it while this one waited
            return target
        from onnxruntime.quantization import QuantType, quantize_dynamic

        partial = target.with_name(f"{target.name}.partial")
        quantize_dynamic(export.model_path, partial, weight_type=QuantType.QInt8, per_channel=True)
        partial.replace(target)
    return target


def _int8_is_current(target: Path, export: OnnxExport) -> bool:
    return target.is_file() and target.stat().st_mtime_ns >= export.model_path.stat().st_mtime_ns
