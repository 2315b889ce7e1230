"""Benchmark a real Arbitre server: latency, throughput, index build time, memory.

Run through ``scripts/bench`` (which sets up the venv). It builds the index into
a fresh temporary folder (timed), starts ``arbitre serve`` (the product's command:
httptools, read deadline, ``--workers``, by default ``ARBITRE_WORKERS``) on a free
loopback port over that index, replays the dev questions against ``/v1/ask`` and
``/v1/search``, drives 8 concurrent clients for a bounded number of requests and
seconds, reads the server's memory from /proc (RSS and PSS over all its processes),
and writes JSON plus a readable summary under ``bench-results/``.

The retriever caches query vectors, so latencies are reported for first-seen
questions (the model runs) and for repeated ones (the cache answers).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_server import served  # noqa: E402
from scripts.load_client import build_requests, drive  # noqa: E402
from service.core.config import get_settings  # noqa: E402

# Issue 15 raised the throughput target to 150 req/s and p50 to 20 ms (first-seen, 8 clients).
TARGETS = {"ask_p50_ms": 20.0, "ask_p95_ms": 60.0, "throughput_rps": 150.0, "rss_mib": 1536.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients for the throughput run")
    parser.add_argument("--requests", type=int, default=800, help="most requests in each throughput run")
    parser.add_argument("--seconds", type=float, default=20.0, help="longest duration of each throughput run")
    parser.add_argument("--workers", type=int, help="arbitre serve --workers (default: ARBITRE_WORKERS)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()

    settings = get_settings()
    workers = args.workers or settings.workers
    questions = _dev_questions(settings.shared_dir / "eval" / "dev_questions.jsonl")
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-index-") as index_dir:
        # The server runs its default configuration (questions recorded), into a throwaway database.
        env = os.environ | {"ARBITRE_INDEX_DIR": index_dir, "ARBITRE_FEEDBACK_DB": f"{index_dir}/feedback.sqlite3"}
        build_s = _time_index_build(env)
        with served(env, workers, log=Path(index_dir) / "server.log") as server:
            results = _measure(server.base, questions, args, server.pids)
            memory = server.memory_mib()
            results |= {"server_rss_mib": memory["rss"], "server_pss_mib": memory["pss"],
                        "server_peak_rss_mib": memory["peak_rss_largest"], "server_processes": memory["processes"]}
            ready_s = server.ready_s
    results |= {"index_build_s": build_s, "server_ready_s": ready_s, "targets": TARGETS, "workers": workers,
                "model": settings.embedding_model, "embedding_runtime": settings.embedding_runtime,
                "cpus": os.cpu_count(), "load_average": os.getloadavg(),
                "omp_num_threads": os.environ.get("OMP_NUM_THREADS")}
    _write(results, args.out)
    return 0


def _dev_questions(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _time_index_build(env: dict[str, str]) -> float:
    """Seconds to load the model and build the index from nothing (a separate process)."""
    code = (
        "from service.core.config import get_settings; from service.core.retriever import build_retriever;"
        "build_retriever(get_settings()).warm_up()"
    )
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    return round(time.perf_counter() - started, 2)


def _measure(base: str, questions: list[dict], args: argparse.Namespace, server_pids) -> dict:
    ask_bodies = [{"game": q["game"], "question": q["question"]} for q in questions]
    # Lower-cased queries are new strings for the retriever's cache, so the model runs for search too.
    search_bodies = [{"game": q["game"], "query": q["question"].lower(), "k": 5} for q in questions]
    with httpx.Client(base_url=base, timeout=30) as client:
        client.post("/v1/ask", json={"game": "splendor", "question": "Combien de jetons or ?"})
        ask_first = _latencies(client, "/v1/ask", ask_bodies)
        ask_repeat = _latencies(client, "/v1/ask", ask_bodies)
        search_first = _latencies(client, "/v1/search", search_bodies)
    unique = [{"game": b["game"], "question": f"{b['question']} ({n})"} for n in range(100) for b in ask_bodies]
    return {
        "ask_first_seen": _summary(ask_first),
        "ask_repeated": _summary(ask_repeat),
        "search_first_seen": _summary(search_first),
        "throughput_repeated": _throughput(base, "/v1/ask", ask_bodies, args, server_pids()),
        "throughput_first_seen": _throughput(base, "/v1/ask", unique, args, server_pids()),
    }


def _latencies(client: httpx.Client, path: str, bodies: list[dict]) -> list[float]:
    timings = []
    for body in bodies:
        started = time.perf_counter()
        response = client.post(path, json=body)
        timings.append((time.perf_counter() - started) * 1000)
        response.raise_for_status()
    return timings


def _summary(timings_ms: list[float]) -> dict:
    ordered = sorted(timings_ms)
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max_ms": round(ordered[-1], 2),
    }


def _throughput(base: str, path: str, bodies: list[dict], args: argparse.Namespace, server_pids: list[int]) -> dict:
    """Requests per second with ``args.clients`` threads, bounded by count and time.

    The clients send pre-built requests on kept-alive connections (``scripts/load_client.py``)
    and the result gives the CPU each side spent per request: both share the same cores.
    """
    host, port = base.removeprefix("http://").split(":")
    requests = build_requests(host, int(port), path, [bodies[n % len(bodies)] for n in range(args.requests)])
    result = drive(host, int(port), requests, args.clients, args.seconds, server_pids=server_pids).to_dict()
    return {"clients": args.clients, **result}


def _write(results: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    (out / f"bench-{stamp}.json").write_text(json.dumps(results, indent=2) + "\n")
    summary = _readable(results)
    (out / f"bench-{stamp}.txt").write_text(summary + "\n")
    (out / "latest.txt").write_text(summary + "\n")
    print(summary)
    print(f"\nwritten: {out}/bench-{stamp}.json and .txt")


def _readable(r: dict) -> str:
    def mark(ok: bool) -> str:
        return "ok " if ok else "MISS"

    ask = r["ask_first_seen"]
    lines = [
        f"Arbitre bench ({r['cpus']} CPUs, OMP_NUM_THREADS={r['omp_num_threads']}, model {r['model']} "
        f"on {r.get('embedding_runtime', 'torch')}, {r.get('workers', 1)} worker(s), load average {r.get('load_average')})",
        f"index build (model load + build, fresh folder): {r['index_build_s']} s; server ready after {r['server_ready_s']} s",
        f"[{mark(ask['p50_ms'] <= TARGETS['ask_p50_ms'] and ask['p95_ms'] <= TARGETS['ask_p95_ms'])}] "
        f"/v1/ask first-seen  p50 {ask['p50_ms']} ms  p95 {ask['p95_ms']} ms  (n={ask['n']}; target p50 ≤ {TARGETS['ask_p50_ms']:g}, p95 ≤ {TARGETS['ask_p95_ms']:g})",
        f"       /v1/ask repeated    p50 {r['ask_repeated']['p50_ms']} ms  p95 {r['ask_repeated']['p95_ms']} ms",
        f"       /v1/search first    p50 {r['search_first_seen']['p50_ms']} ms  p95 {r['search_first_seen']['p95_ms']} ms",
    ]
    for name in ("throughput_first_seen", "throughput_repeated"):
        t = r[name]
        lines.append(
            f"[{mark(t['rps'] >= TARGETS['throughput_rps'])}] {name.replace('_', ' ')}: {t['rps']} req/s "
            f"({t['requests']} ok, {t['errors']} errors, {t['clients']} clients, {t['seconds']} s; target ≥ {TARGETS['throughput_rps']:g})"
        )
        if "server_cpu_ms_per_request" in t:
            lines.append(f"       CPU per request: server {t['server_cpu_ms_per_request']} ms, "
                         f"clients {t['client_cpu_ms_per_request']} ms; p50 {t['p50_ms']} ms, p95 {t['p95_ms']} ms")
    lines.append(
        f"[{mark(r['server_pss_mib'] <= TARGETS['rss_mib'])}] server memory, all processes: PSS {r['server_pss_mib']} "
        f"MiB, RSS {r['server_rss_mib']} MiB; peak RSS of one process {r['server_peak_rss_mib']} MiB (target ≤ 1536)"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
