"""Soak a real Arbitre server: many clients mixing ask, search and scenario runs; errors, /healthz latency, memory.

Starts ``arbitre serve`` on 127.0.0.1 (``--port``, default 8108) over the index of
``ARBITRE_INDEX_DIR``, waits for ``/readyz``, then runs ``--clients`` concurrent
clients for ``--seconds`` (at most ``--requests`` requests in all): each request is
``/v1/ask`` (50%), ``/v1/search`` (30%) or ``/v1/scenarios/run`` of a corpus
scenario (20%), over the dev questions made unique by a counter, so the query
cache does not hide the model. A separate prober times ``/healthz`` every 100 ms
and the server's RSS (``/proc/<pid>/status``) is sampled every second. Per-client
rate limits are raised for the run (one address sends everything), and the
scenario queue holds one run per client, so refusals measure failures, not the limits.

Reports: errors (any status other than 200, and transport errors), ``/healthz``
p50/p99/max, RSS at the end of warm-up (``--warmup-s``), at the end, its maximum
and the growth after warm-up; JSON under ``bench-results/``. Exit status 1 when a
target is missed (0 errors, p99 <= 100 ms, growth <= 10%, max <= 1.5 GiB).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from _server import wait_ready  # scripts/ is on sys.path when a script runs
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.core.config import get_settings  # noqa: E402

MIX = (("ask", 0.5), ("search", 0.3), ("scenario", 0.2))
TARGETS = {"errors": 0, "healthz_p99_ms": 100.0, "rss_growth": 0.10, "rss_max_mib": 1536.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--requests", type=int, default=200_000, help="most requests in all")
    parser.add_argument("--warmup-s", type=float, default=30.0, help="RSS growth is measured from the end of warm-up")
    parser.add_argument("--port", type=int, default=8108)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    if args.seconds <= args.warmup_s:
        parser.error("--seconds must exceed --warmup-s")

    settings = get_settings()
    questions = [json.loads(line) for line in (settings.shared_dir / "eval" / "dev_questions.jsonl").open(encoding="utf-8")]
    scenarios = [yaml.safe_load(path.read_text(encoding="utf-8"))
                 for path in sorted(settings.corpus_dir.glob("*/scenarios/*.yaml"))]
    folder = Path(tempfile.mkdtemp(prefix="arbitre-soak-"))
    env = os.environ | {"ARBITRE_FEEDBACK_DB": str(folder / "feedback.sqlite3"), "ARBITRE_SCENARIOS_BURST": "1000000",
                        "ARBITRE_SCENARIOS_PER_MINUTE": "1000000", "ARBITRE_SCENARIO_QUEUE": str(args.clients), "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    log = folder / "server.log"
    server = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port",
                               str(args.port), "--log-level", "warning"], cwd=ROOT, env=env,
                              stdout=log.open("wb"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{args.port}"
    try:
        wait_ready(base, server, log, poll_s=0.5)
        report = asyncio.run(_soak(base, server.pid, args, questions, scenarios))
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    report |= {"clients": args.clients, "seconds": args.seconds, "warmup_s": args.warmup_s,
               "load_average_1m_at_end": os.getloadavg()[0], "cpus": os.cpu_count()}
    missed = [name for name, ok in _checks(report).items() if not ok]
    report["missed"] = missed
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / f"soak-{time.strftime('%Y%m%dT%H%M%S')}.json"
    out.write_text(json.dumps(report, indent=2))
    print(json.dumps({k: v for k, v in report.items() if k != "rss_samples_mib"}, indent=2))
    print(f"{'PASS' if not missed else 'MISSED ' + ', '.join(missed)} ({out})")
    return 1 if missed else 0


async def _soak(base: str, pid: int, args: argparse.Namespace, questions: list[dict], scenarios: list[dict]) -> dict:
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    started = time.monotonic()
    statuses: Counter[str] = Counter()
    sent = 0
    health_ms: list[tuple[float, float]] = []  # (seconds since start, latency)
    rss: list[tuple[float, float]] = []
    stop = asyncio.Event()

    async def client(seat: int) -> None:
        nonlocal sent
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            while time.monotonic() < deadline and sent < args.requests:
                sent += 1
                kind = rng.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
                question = questions[rng.randrange(len(questions))]
                text = f"{question['question']} ({seat}-{sent})"
                try:
                    if kind == "ask":
                        response = await http.post("/v1/ask", json={"game": question["game"], "question": text})
                    elif kind == "search":
                        response = await http.post("/v1/search", json={"game": question["game"], "query": text, "k": 5})
                    else:
                        response = await http.post("/v1/scenarios/run", json=rng.choice(scenarios))
                    statuses[f"{kind} {response.status_code}"] += 1
                except httpx.TransportError as error:
                    statuses[f"{kind} {type(error).__name__}"] += 1

    async def prober() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            while not stop.is_set():
                began = time.perf_counter()
                response = await http.get("/healthz")
                health_ms.append((time.monotonic() - started, (time.perf_counter() - began) * 1000))
                statuses[f"healthz {response.status_code}"] += 1
                await asyncio.sleep(0.1)

    async def sampler() -> None:
        while not stop.is_set():
            rss.append((time.monotonic() - started, _rss_mib(pid)))
            await asyncio.sleep(1.0)

    background = [asyncio.create_task(prober()), asyncio.create_task(sampler())]
    await asyncio.gather(*(client(seat) for seat in range(args.clients)))
    stop.set()
    await asyncio.gather(*background)
    after_warmup = [value for at, value in rss if at >= args.warmup_s]
    warm = after_warmup[0] if after_warmup else rss[-1][1]
    health_sorted = sorted(ms for _, ms in health_ms)
    warm_health = sorted(ms for at, ms in health_ms if at >= args.warmup_s) or health_sorted
    slowest_at, slowest_ms = max(health_ms, key=lambda probe: probe[1])
    errors = sum(count for key, count in statuses.items() if not key.endswith(" 200"))
    return {
        "requests": sent, "statuses": dict(sorted(statuses.items())), "errors": errors,
        "healthz_p50_ms": round(statistics.median(health_sorted), 1),
        "healthz_p99_ms": round(health_sorted[int(0.99 * (len(health_sorted) - 1))], 1),
        "healthz_max_ms": round(slowest_ms, 1), "healthz_max_at_s": round(slowest_at, 1),
        "healthz_probes": len(health_sorted),
        "healthz_p99_after_warmup_ms": round(warm_health[int(0.99 * (len(warm_health) - 1))], 1),
        "rss_at_warmup_mib": round(warm, 1), "rss_end_mib": round(rss[-1][1], 1),
        "rss_max_mib": round(max(value for _, value in rss), 1),
        "rss_growth_after_warmup": round(max(after_warmup or [warm]) / warm - 1, 3),
        "rss_samples_mib": [[round(at, 1), round(value, 1)] for at, value in rss],
    }


def _checks(report: dict) -> dict[str, bool]:
    return {"errors": report["errors"] <= TARGETS["errors"],
            "healthz_p99_ms": report["healthz_p99_ms"] <= TARGETS["healthz_p99_ms"],
            "rss_growth": report["rss_growth_after_warmup"] <= TARGETS["rss_growth"],
            "rss_max_mib": report["rss_max_mib"] <= TARGETS["rss_max_mib"]}


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


if __name__ == "__main__":
    sys.exit(main())
