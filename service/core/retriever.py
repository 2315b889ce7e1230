"""Build the ``index.Retriever`` the settings describe (cheap: nothing loads until warm-up)."""

from __future__ import annotations

from typing import Any

from service.core.config import Settings


def build_embedder(settings: Settings) -> Any:
    """The embedder of ``settings.embedding_model`` with the configured runtime and query encoder.

    ``minilm-finetuned`` is the bundled MiniLM fine-tuned here (``index.finetune``) on the corpus
    and ``<shared_dir>/eval/train_questions.jsonl``, kept under ``<index_dir>/models``; it is
    trained on warm-up when missing, then exported and run like the bundled model.
    """
    from index.embedders import create_embedder
    from index.finetune import FINETUNED_EMBEDDING_MODEL, FinetunedEmbedder

    def make(name: str, model_dir: Any = None) -> Any:
        return create_embedder(name, runtime=settings.embedding_runtime, export_dir=settings.index_dir / "onnx",
                               query_precision=settings.query_encoder, model_dir=model_dir)

    if settings.embedding_model == FINETUNED_EMBEDDING_MODEL:
        return FinetunedEmbedder(settings.corpus_dir, settings.shared_dir / "eval" / "train_questions.jsonl",
                                 settings.index_dir / "models", make)
    return make(settings.embedding_model)


def build_retriever(settings: Settings) -> Any:
    """An ``index.Retriever`` over ``settings.corpus_dir`` with the configured model and runtime."""
    from index import Retriever  # imported here so that the CLI starts without loading the index stack

    from service.observability import TimedEmbedder

    embedder = TimedEmbedder(build_embedder(settings))
    return Retriever(corpus_dir=settings.corpus_dir, index_dir=settings.index_dir, embedder=embedder)
