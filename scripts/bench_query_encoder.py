"""The query encoder, fp32 against int8, side by side in one run: CPU per question, closeness, retrieval.

Over the questions of the parts asked (train and tuning by default), with the index
already built (``arbitre index build``; passages are fp32 either way): each question
embedded alone by both encoders, interleaved so they share the machine's load
(CPU time of this thread per question), the cosine of the int8 vector to the fp32
one, and retrieval hit@1 / hit@5 of ``Retriever.run`` (a gold quote inside one of
the first k passages, questions with gold quotes only) with each encoder's vectors.
Prints one JSON object; ``--out`` also writes it.

    PYTHONPATH=. python scripts/bench_query_encoder.py [--parts train tuning] [--out FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from index import Retriever  # noqa: E402
from index.embedders import create_embedder  # noqa: E402
from scripts.bench_embedding import _hits  # noqa: E402
from scripts.eval_parts import load_part  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from scripts.bench_output import emit  # noqa: E402

PRECISIONS = ("fp32", "int8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["train", "tuning"], choices=["train", "tuning"])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    settings = get_settings()
    retrievers = {}
    for precision in PRECISIONS:
        embedder = create_embedder(settings.embedding_model, runtime="onnx",
                                   export_dir=settings.index_dir / "onnx", query_precision=precision)
        retrievers[precision] = Retriever(settings.corpus_dir, settings.index_dir, embedder=embedder, query_cache_size=0)
        retrievers[precision].warm_up()
    result = {"model": settings.embedding_model, "load_average": {"start": os.getloadavg()}, "parts": {}}
    for part in args.parts:
        questions = load_part(part)
        result["parts"][part] = {"questions": len(questions)} | _side_by_side(retrievers, questions)
    result["load_average"]["end"] = os.getloadavg()
    emit(result, args.out)
    return 0


def _side_by_side(retrievers: dict, questions: list[dict]) -> dict:
    cpu: dict[str, list[float]] = {precision: [] for precision in retrievers}
    vectors: dict[str, list[np.ndarray]] = {precision: [] for precision in retrievers}
    for question in questions:
        for precision, retriever in retrievers.items():
            started = time.thread_time()
            vectors[precision].append(retriever.embedder.embed_queries([question["question"]])[0])
            cpu[precision].append(time.thread_time() - started)
    cosines = np.sum(np.array(vectors["int8"]) * np.array(vectors["fp32"]), axis=1)
    return {
        "cpu_ms_per_question": {precision: {"median": round(1000 * statistics.median(values), 2),
                                            "mean": round(1000 * statistics.fmean(values), 2)}
                                for precision, values in cpu.items()},
        "int8_cosine_to_fp32": {"min": round(float(cosines.min()), 5), "mean": round(float(cosines.mean()), 5)},
        "retrieval": {precision: _hits(retriever, questions) for precision, retriever in retrievers.items()},
    }


if __name__ == "__main__":
    raise SystemExit(main())
