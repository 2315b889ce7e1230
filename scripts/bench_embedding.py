"""Query embedding, torch against ONNX Runtime, side by side in one run.

For the configured model, over the tuning questions of ``scripts/eval_split.json``:
per-query encode time (each question embedded alone, the two runtimes interleaved
so that they share the machine's load), cosine between the two runtimes' vectors
(queries and every indexed chunk), retrieval hit@1 / hit@5 with each runtime's own
index (built into a temporary folder, so nothing is shared), and throughput
(queries per second, one at a time and in batches of 8 as the query batcher makes
them). Prints one JSON object; ``--out`` also writes it.

    PYTHONPATH=. python scripts/bench_embedding.py [--part tuning] [--out bench-results/embedding.json]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from index import Retriever  # noqa: E402
from index.embedders import EMBEDDING_RUNTIMES, create_embedder  # noqa: E402
from index.store import chunk_embedding_text  # noqa: E402
from scripts.eval_parts import PARTS, load_part  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from scripts.bench_output import emit  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=PARTS, default="tuning")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    settings = get_settings()
    questions = load_part(args.part)
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-embedding-") as scratch:
        retrievers = {}
        for runtime in EMBEDDING_RUNTIMES:
            index_dir = Path(scratch) / runtime
            # The ONNX export is the one `arbitre index build` keeps (made here when missing).
            embedder = create_embedder(
                settings.embedding_model, runtime=runtime, export_dir=settings.index_dir / "onnx"
            )
            retrievers[runtime] = Retriever(settings.corpus_dir, index_dir, embedder=embedder)
            retrievers[runtime].warm_up()
        result = {"model": settings.embedding_model, "part": args.part, "questions": len(questions)}
        result |= _encode_side_by_side(retrievers, [q["question"] for q in questions])
        result["chunk_cosine"] = _chunk_cosine(retrievers)
        result["retrieval"] = {runtime: _hits(retriever, questions) for runtime, retriever in retrievers.items()}
    emit(result, args.out)
    return 0


def _encode_side_by_side(retrievers: dict, texts: list[str]) -> dict:
    embedders = {runtime: retriever.embedder for runtime, retriever in retrievers.items()}
    times: dict[str, list[float]] = {runtime: [] for runtime in embedders}
    vectors: dict[str, list[np.ndarray]] = {runtime: [] for runtime in embedders}
    for text in texts:
        for runtime, embedder in embedders.items():
            started = time.perf_counter()
            vectors[runtime].append(embedder.embed([text])[0])
            times[runtime].append(time.perf_counter() - started)
    cosines = np.sum(np.array(vectors["torch"]) * np.array(vectors["onnx"]), axis=1)
    batched = {runtime: _batched_rate(embedder, texts, 8) for runtime, embedder in embedders.items()}
    return {
        "encode_ms": {
            runtime: {"p50": _ms(statistics.median(values)), "mean": _ms(statistics.fmean(values)),
                      "p95": _ms(float(np.percentile(values, 95)))}
            for runtime, values in times.items()
        },
        "single_query_per_s": {runtime: round(len(v) / sum(v), 1) for runtime, v in times.items()},
        "batch8_query_per_s": batched,
        "query_cosine": {"min": round(float(cosines.min()), 6), "mean": round(float(cosines.mean()), 6)},
    }


def _batched_rate(embedder, texts: list[str], size: int) -> float:
    started = time.perf_counter()
    for start in range(0, len(texts), size):
        embedder.embed(texts[start:start + size])
    return round(len(texts) / (time.perf_counter() - started), 1)


def _chunk_cosine(retrievers: dict) -> dict:
    chunks = retrievers["torch"]._loaded().chunks
    texts = [chunk_embedding_text(chunk) for chunk in chunks]
    torch_vectors, onnx_vectors = (retrievers[r].embedder.embed(texts) for r in ("torch", "onnx"))
    cosines = np.sum(torch_vectors * onnx_vectors, axis=1)
    return {"chunks": len(texts), "min": round(float(cosines.min()), 6), "mean": round(float(cosines.mean()), 6)}


def _hits(retriever, questions: list[dict]) -> dict:
    """hit@k: a gold quote lies inside one of the first k passages (questions with gold quotes only)."""
    answerable = [q for q in questions if q.get("gold_quotes")]
    ranks = []
    for question in answerable:
        hits = retriever.run(question["question"], game=question["game"], k=5)
        ranks.append(next((i for i, hit in enumerate(hits) if any(g in hit.passage for g in question["gold_quotes"])), None))
    return {
        "questions": len(answerable),
        "hit@1": sum(rank == 0 for rank in ranks),
        "hit@5": sum(rank is not None for rank in ranks),
    }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


if __name__ == "__main__":
    raise SystemExit(main())
