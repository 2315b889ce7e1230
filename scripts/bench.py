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

``--workers 1 2`` compares worker counts in one run: one server per count, all up
at once over the same index, and each throughput run cut into ``--slices`` slices
driven in turn (1, 2, 2, 1, 1, 2, ...), so every count meets the same load of the
moment on a shared machine; the summary ends with the ratios to the first count.

Each throughput line gives requests per second, p50 and p95 under the 8 clients,
the server's and the clients' CPU per request and the clients' share of the CPU
both used. The load generator (``scripts/load_client.py``) is a raw-socket client:
requests encoded before the clock starts, kept-alive connections, responses read by
their length, as wrk or oha do; it measures the server's cost, not httpx's. With
several workers, the summary also says how the 8 kept-alive connections fell on
the workers in each turn: the kernel hands a connection to whichever worker accepts
first, and a closed-loop client on a worker holding 6 of 8 caps the run.
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
from contextlib import ExitStack
from datetime import datetime, timezone
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_server import served  # noqa: E402
from scripts.load_client import DriveResult, build_requests, drive, merged  # noqa: E402
from service.core.config import get_settings  # noqa: E402

# Issue 15 raised the throughput target to 150 req/s and p50 to 20 ms (first-seen, 8 clients).
TARGETS = {"ask_p50_ms": 20.0, "ask_p95_ms": 60.0, "throughput_rps": 150.0, "rss_mib": 1536.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients for the throughput run")
    parser.add_argument("--requests", type=int, default=800, help="most requests in each throughput run")
    parser.add_argument("--seconds", type=float, default=20.0, help="longest duration of each throughput run")
    parser.add_argument("--workers", type=int, nargs="+",
                        help="arbitre serve --workers; several counts are compared in one run (default: ARBITRE_WORKERS)")
    parser.add_argument("--slices", type=int, default=6, help="turns per throughput run when several counts share it")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()

    settings = get_settings()
    counts = list(dict.fromkeys(args.workers or [settings.workers]))
    slices = args.slices if len(counts) > 1 else 1
    questions = _dev_questions(settings.shared_dir / "eval" / "dev_questions.jsonl")
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-index-") as index_dir, ExitStack() as stack:
        # Each server runs its default configuration (questions recorded), into a throwaway database.
        env = os.environ | {"ARBITRE_INDEX_DIR": index_dir}
        build_s = _time_index_build(env)
        servers = {workers: stack.enter_context(served(env | {"ARBITRE_FEEDBACK_DB": f"{index_dir}/feedback-{workers}.sqlite3"},
                                                         workers, log=Path(index_dir) / f"server-{workers}.log"))
                   for workers in counts}
        load_at_start = os.getloadavg()
        runs = {workers: _latency_runs(server.base, questions, f"w{workers}") for workers, server in servers.items()}
        for name, bodies in _throughput_bodies(questions).items():
            for workers, result in _interleaved(servers, bodies, args, slices).items():
                runs[workers][name] = result
        for workers, server in servers.items():
            memory = server.memory_mib()
            runs[workers] |= {"server_rss_mib": memory["rss"], "server_pss_mib": memory["pss"],
                              "server_peak_rss_mib": memory["peak_rss_largest"], "server_processes": memory["processes"],
                              "server_ready_s": server.ready_s, "workers": workers}
    common = {"index_build_s": build_s, "targets": TARGETS, "model": settings.embedding_model,
              "embedding_runtime": settings.embedding_runtime, "cpus": os.cpu_count(),
              "load_average": {"start": load_at_start, "end": os.getloadavg()},
              "omp_num_threads": os.environ.get("OMP_NUM_THREADS"), "slices": slices}
    if len(counts) == 1:
        results = runs[counts[0]] | common
    else:
        results = common | {"runs": {str(workers): run for workers, run in runs.items()},
                            "ratios_to_first": worker_ratios(runs)}
    _write(results, args.out)
    return 0


def worker_ratios(runs: dict[int, dict]) -> dict[str, dict[str, float]]:
    """For each worker count after the first: its throughputs, p50s and server CPU per request over the first's."""
    first, *others = runs
    ratios = {}
    for workers in others:
        ratios[str(workers)] = {
            f"{name}_{measure}": round(runs[workers][name][measure] / runs[first][name][measure], 3)
            for name in ("throughput_first_seen", "throughput_repeated")
            for measure in ("rps", "p50_ms", "server_cpu_ms_per_request")
            if runs[first][name].get(measure)
        }
    return ratios


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


def _latency_runs(base: str, questions: list[dict], tag: str) -> dict:
    """One client, one question at a time: first-seen and repeated ``/v1/ask``, first-seen ``/v1/search``."""
    ask_bodies = [{"game": q["game"], "question": q["question"]} for q in questions]
    # Lower-cased queries are new strings for the retriever's cache, so the model runs for search too.
    search_bodies = [{"game": q["game"], "query": q["question"].lower(), "k": 5} for q in questions]
    with httpx.Client(base_url=base, timeout=30) as client:
        client.post("/v1/ask", json={"game": "splendor", "question": f"Combien de jetons or ? ({tag})"})
        ask_first = _latencies(client, "/v1/ask", ask_bodies)
        ask_repeat = _latencies(client, "/v1/ask", ask_bodies)
        search_first = _latencies(client, "/v1/search", search_bodies)
    return {"ask_first_seen": _summary(ask_first), "ask_repeated": _summary(ask_repeat),
            "search_first_seen": _summary(search_first)}


def _throughput_bodies(questions: list[dict]) -> dict[str, list[dict]]:
    """The repeated run asks the dev questions (cached by the latency runs); the first-seen run, never-asked ones."""
    asked = [{"game": q["game"], "question": q["question"]} for q in questions]
    return {"throughput_repeated": asked,
            "throughput_first_seen": [{"game": b["game"], "question": f"{b['question']} ({n})"}
                                      for n in range(100) for b in asked]}


def slice_order(counts: list[int], slices: int) -> list[int]:
    """The servers' turns: forward, then backward, and so on (1 2 | 2 1 | 1 2), so no count always goes first."""
    return [workers for turn in range(slices) for workers in (counts if turn % 2 == 0 else counts[::-1])]


def _interleaved(servers: dict, bodies: list[dict], args: argparse.Namespace, slices: int) -> dict[int, dict]:
    """Each server's throughput with ``args.clients`` threads, the run's requests and seconds cut into ``slices``
    turns; each server gets requests no other server was sent (so first-seen stays first-seen everywhere).

    The clients send pre-built requests on kept-alive connections (``scripts/load_client.py``)
    and the result gives the CPU each side spent per request: both share the same cores.
    """
    parts: dict[int, list[DriveResult]] = {workers: [] for workers in servers}
    per_slice = -(-args.requests // slices)
    for turn, workers in enumerate(slice_order(list(servers), slices)):
        server = servers[workers]
        offset = per_slice * (turn // len(servers)) + args.requests * list(servers).index(workers)
        requests = build_requests("127.0.0.1", server.port, "/v1/ask",
                                  [bodies[(offset + n) % len(bodies)] for n in range(per_slice)])
        parts[workers].append(drive("127.0.0.1", server.port, requests, args.clients, args.seconds / slices,
                                    server_pids=server.pids(), count_connections=server.connections))
    return {workers: {"clients": args.clients, **merged(results).to_dict(),
                      "connections_per_worker": [list(result.connections or ()) for result in results]}
            for workers, results in parts.items()}


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


def _write(results: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    (out / f"bench-{stamp}.json").write_text(json.dumps(results, indent=2) + "\n")
    if "runs" in results:
        common = {key: value for key, value in results.items() if key not in ("runs", "ratios_to_first")}
        summary = "\n\n".join(_readable(run | common) for run in results["runs"].values())
        summary += "\n\nratios to " + next(iter(results["runs"])) + " worker(s), measured in turns within one run: " + \
            "; ".join(f"{workers} workers: " + ", ".join(f"{name} x{ratio}" for name, ratio in ratios.items())
                      for workers, ratios in results["ratios_to_first"].items())
    else:
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
            share = f" ({t['client_cpu_share']:.1%} of the CPU both used)" if t.get("client_cpu_share") is not None else ""
            lines.append(f"       CPU per request: server {t['server_cpu_ms_per_request']} ms, "
                         f"clients {t['client_cpu_ms_per_request']} ms{share}; "
                         f"p50 {t['p50_ms']} ms, p95 {t['p95_ms']} ms under {t['clients']} clients")
        if r.get("workers", 1) > 1 and t.get("connections_per_worker"):
            lines.append("       clients' connections per worker, turn by turn: "
                         + " ".join(str(split) for split in t["connections_per_worker"]))
    lines.append(
        f"[{mark(r['server_pss_mib'] <= TARGETS['rss_mib'])}] server memory, all processes: PSS {r['server_pss_mib']} "
        f"MiB, RSS {r['server_rss_mib']} MiB; peak RSS of one process {r['server_peak_rss_mib']} MiB (target ≤ 1536)"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
