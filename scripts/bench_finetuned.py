"""The fine-tuned MiniLM against the bundled one, side by side in one run: build and query cost.

Both run as the service runs them (ONNX Runtime, the configured query encoder). For each
model: the index build (every chunk and sentence embedded into a temporary folder; the
ONNX exports are the ones ``arbitre index build`` keeps under ``<index_dir>/onnx``), then
each question of the parts asked embedded alone, the two models interleaved so they
share the machine's load (CPU time of this thread per question). The fine-tuning itself
is timed when it happens (``arbitre index build`` prints it; ``finetune.json`` keeps it).
Prints one JSON object; ``--out`` also writes it.

    PYTHONPATH=. python scripts/bench_finetuned.py [--parts train tuning] [--out FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from index import Retriever  # noqa: E402
from index.embedders import DEFAULT_EMBEDDING_MODEL  # noqa: E402
from index.finetune import FINETUNED_EMBEDDING_MODEL  # noqa: E402
from scripts.eval_parts import load_part  # noqa: E402
from service.core.config import get_settings  # noqa: E402
from service.core.retriever import build_embedder  # noqa: E402
from scripts.bench_output import emit  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["train", "tuning"], choices=["train", "tuning"])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    settings = get_settings()
    result: dict = {"load_average": {"start": os.getloadavg()}, "models": {}}
    retrievers = {}
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-finetuned-") as scratch:
        for model in (DEFAULT_EMBEDDING_MODEL, FINETUNED_EMBEDDING_MODEL):
            embedder = build_embedder(settings.model_copy(update={"embedding_model": model}))
            embedder.warm_up()  # trains the fine-tuned model first when it is missing (not timed here)
            retriever = Retriever(settings.corpus_dir, Path(scratch), embedder=embedder, query_cache_size=0)
            report = retriever.warm_up(force_rebuild=True)
            retrievers[model] = retriever
            result["models"][model] = {"name": embedder.name, "index_build_s": round(report.seconds, 2),
                                       "texts": report.chunks + report.sentences}
        questions = [q for part in args.parts for q in load_part(part)]
        cpu: dict[str, list[float]] = {model: [] for model in retrievers}
        for question in questions:
            for model, retriever in retrievers.items():
                started = time.thread_time()
                retriever.embedder.embed_queries([question["question"]])
                cpu[model].append(time.thread_time() - started)
    for model, values in cpu.items():
        result["models"][model]["query_cpu_ms"] = {"questions": len(values),
                                                   "median": round(1000 * statistics.median(values), 2),
                                                   "mean": round(1000 * statistics.fmean(values), 2)}
    result["load_average"]["end"] = os.getloadavg()
    emit(result, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
