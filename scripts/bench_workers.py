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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench import _free_port, _wait_ready  # noqa: E402
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
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", str(workers),
         "--log-level", "warning"], cwd=ROOT, env=env, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        ready_s = _wait_ready_all(base, server, workers)
        _drive(base, bodies[: args.clients * 4], args.clients, 3.0)  # warm every worker's first requests
        measured = _drive(base, bodies[args.clients * 4:], args.clients, args.seconds,
                          server_pids=[server.pid, *(int(pid) for pid in _children(server.pid))])
        measured["memory_mib"] = _memory(server.pid)
        measured["ready_s"] = ready_s
        return measured
    finally:
        server.terminate()
        server.wait(timeout=60)


def _wait_ready_all(base: str, server: subprocess.Popen, workers: int) -> float:
    """Seconds until ``/readyz`` answered 200 on as many connections as there are workers, in a row."""
    started = time.perf_counter()
    _wait_ready(base, server, timeout_s=600)
    streak = 0
    while streak < 4 * workers:
        with httpx.Client(base_url=base, timeout=10) as client:  # a new connection may reach another worker
            streak = streak + 1 if client.get("/readyz").status_code == 200 else 0
        time.sleep(0.05)
    return round(time.perf_counter() - started, 2)


def _drive(base: str, bodies: list[dict], clients: int, seconds: float, server_pids: list[int] | None = None) -> dict:
    host, port = base.removeprefix("http://").split(":")
    requests = build_requests(host, int(port), "/v1/ask", bodies)
    return drive(host, int(port), requests, clients, seconds, server_pids=server_pids).to_dict()


def _memory(pid: int) -> dict:
    """RSS and PSS (MiB) summed over the server process and its children (the workers)."""
    pids = [pid] + [int(child) for child in _children(pid)]
    totals = {"rss": 0.0, "pss": 0.0}
    for process in pids:
        try:
            rollup = Path(f"/proc/{process}/smaps_rollup").read_text().splitlines()
        except (FileNotFoundError, PermissionError):
            continue
        for line in rollup:
            key, _, value = line.partition(":")
            if key in ("Rss", "Pss"):
                totals[key.lower()] += int(value.split()[0]) / 1024
    return {"processes": len(pids), **{key: round(value, 1) for key, value in totals.items()}}


def _children(pid: int) -> list[str]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        found += children + [grandchild for child in children for grandchild in _children(int(child))]
    return found


if __name__ == "__main__":
    raise SystemExit(main())
