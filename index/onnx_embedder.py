"""A sentence-transformers BERT model run by ONNX Runtime instead of torch.

Same vectors as ``SentenceTransformerEmbedder`` (cosine >= 0.999, see
``scripts/bench_embedding.py``) for a fraction of the per-query CPU: the torch
forward pass for one short question carries ~10 ms of framework overhead that
ONNX Runtime's fused graph does not. Tokenisation is the model's own
``tokenizer.json`` (the Rust ``tokenizers`` library sentence-transformers uses),
truncated to the model's ``max_seq_length``; pooling is the masked mean, then L2.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from index.onnx_export import OnnxExport, ensure_onnx_export

__all__ = ["OnnxSentenceEmbedder"]


class OnnxSentenceEmbedder:
    """Embeds with an ONNX export of the model, made on first warm-up into ``export_dir``.

    Args:
        name: the model setting value (kept as the index's model name: the vectors are the same model's).
        model_dir: the local sentence-transformers folder to export from.
        export_dir: where the export is kept (beside the index, so a clean clone rebuilds it).
        threads: ONNX Runtime intra-op threads.
    """

    def __init__(self, name: str, model_dir: Path, export_dir: Path, threads: int = 1) -> None:
        self.name = name
        self.model_dir = Path(model_dir)
        self.export_dir = Path(export_dir)
        self._threads = threads
        self._session = None
        self._tokenizer = None
        self.export: OnnxExport | None = None
        self.dimension = 0

    def warm_up(self) -> None:
        if self._session is not None:
            return
        import onnxruntime
        from tokenizers import Tokenizer

        export = ensure_onnx_export(self.model_dir, self.export_dir)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        tokenizer = Tokenizer.from_file(str(export.tokenizer_path))
        tokenizer.enable_truncation(export.max_seq_length)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        self._session = onnxruntime.InferenceSession(
            str(export.model_path), options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = tokenizer
        self.export = export
        self.dimension = self._embed_batch(["warm-up"]).shape[1]

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit rows, one per text, in the order given.

        Long lists go through in batches of 64 texts of similar length: a batch is
        padded to its longest text, so grouping by length cuts the padding the model
        computes on (index builds ran 1.4-2x faster on the five rulebooks).
        """
        self.warm_up()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        order = np.argsort([len(text) for text in texts], kind="stable")
        by_length = [texts[i] for i in order]
        vectors = np.vstack([self._embed_batch(by_length[start:start + 64]) for start in range(0, len(by_length), 64)])
        rows = np.empty_like(vectors)
        rows[order] = vectors
        return rows

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        (hidden,) = self._session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.where(norms == 0, 1.0, norms)).astype(np.float32)
