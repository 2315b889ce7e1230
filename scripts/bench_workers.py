"""First-seen ``/v1/ask`` throughput for 1..N server workers and both embedding runtimes, in one run.

Uses the index already built in ``ARBITRE_INDEX_DIR`` (``arbitre index build``), starts
``arbitre serve --workers N`` on a free loopback port for every (runtime, workers)
pair, drives ``--clients`` concurrent clients with questions the server has never
seen (so the model runs for every request), and reports requests per second,
client-side p50/p95 and the workers' memory (RSS, and PSS, which splits the
memory-mapped index and shared libraries between the processes that map them).
Prints one JSON object; ``--out`` also writes it.

    PYTHONPATH=. python scripts/bench_workers.py --workers 1 2 --runtimes onnx torch
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_server import served  # noqa: E402
from scripts.eval_parts import load_part  # noqa: E402
from scripts.load_client import build_requests, drive  # noqa: E402
from scripts.bench_output import emit  # noqa: E402

TARGETS = {"rps": 150.0, "p50_ms": 20.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runtimes", nargs="+", choices=["onnx", "torch"], default=["onnx", "torch"])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each measured run")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    questions = load_part("train")
    load_at_start = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-workers-") as scratch:
        for round_number, (runtime, workers) in enumerate((r, w) for w in args.workers for r in args.runtimes):
            env = os.environ | {
                "ARBITRE_EMBEDDING_RUNTIME": runtime,
                "ARBITRE_FEEDBACK_DB": f"{scratch}/feedback.sqlite3",
                "ARBITRE_LOG_FORMAT": "text",
                "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(dir=scratch),
            }
            # Every run gets its own suffix: no question is ever repeated, across runs either.
            bodies = [{"game": q["game"], "question": f"{q['question']} (r{round_number}-{n})"}
                      for n in range(200) for q in questions]
            runs.append({"runtime": runtime, "workers": workers} | _run(env, workers, bodies, args))
    result = {"clients": args.clients, "seconds": args.seconds, "cpus": os.cpu_count(),
              "load_average": {"start": load_at_start, "end": os.getloadavg()}, "targets": TARGETS, "runs": runs}
    emit(result, args.out)
    return 0


def _run(env: dict[str, str], workers: int, bodies: list[dict], args: argparse.Namespace) -> dict:
    with served(env, workers) as server:
        _drive(server.base, bodies[: args.clients * 4], args.clients, 3.0)  # warm every worker's first requests
        measured = _drive(server.base, bodies[args.clients * 4:], args.clients, args.seconds, server.pids())
        measured["memory_mib"] = server.memory_mib()
        measured["ready_s"] = server.ready_s
        return measured


def _drive(base: str, bodies: list[dict], clients: int, seconds: float, server_pids: list[int] | None = None) -> dict:
    host, port = base.removeprefix("http://").split(":")
    requests = build_requests(host, int(port), "/v1/ask", bodies)
    return drive(host, int(port), requests, clients, seconds, server_pids=server_pids).to_dict()


if __name__ == "__main__":
    raise SystemExit(main())
