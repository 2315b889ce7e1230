"""Build the ``index.Retriever`` the settings describe (cheap: nothing loads until warm-up)."""

from __future__ import annotations

from typing import Any

from service.core.config import Settings


def build_retriever(settings: Settings) -> Any:
    """An ``index.Retriever`` over ``settings.corpus_dir`` with the configured model and runtime."""
    from index import Retriever  # imported here so that the CLI starts without loading the index stack
    from index.embedders import create_embedder

    from service.observability import TimedEmbedder

    embedder = TimedEmbedder(create_embedder(
        settings.embedding_model, runtime=settings.embedding_runtime, export_dir=settings.index_dir / "onnx",
        query_precision=settings.query_encoder,
    ))
    return Retriever(corpus_dir=settings.corpus_dir, index_dir=settings.index_dir, embedder=embedder)
