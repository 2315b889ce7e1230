"""First-seen ``/v1/ask`` throughput of two source trees, alternated in one run so both share the load.

The machine is shared, so absolute throughput drifts by tens of percent from one
minute to the next; a speed-up is only measured as a ratio between runs that
alternate (A, B, A, B, ...). Each run starts ``arbitre serve`` from one tree (its
own code, the same index folder and settings), drives ``--clients`` concurrent
clients with train questions the server has never seen (a fresh suffix per run,
so the model and the engine checks run every time), and records requests per
second, client-side p50/p95 and the server's CPU per request.

    git worktree add /tmp/arbitre-base main
    PYTHONPATH=. python scripts/bench_compare.py --base /tmp/arbitre-base --rounds 3

``--workers`` is passed to ``arbitre serve`` on both sides (``--base-workers`` and
``--new-workers`` set one side's); ``--base-env`` and
``--new-env`` add ``KEY=VALUE`` settings to one side only (for comparing settings on
one tree, give the same folder twice). Prints one JSON object with every run and
the median ratio new / base; ``--out`` also writes it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_output import emit  # noqa: E402
from scripts.bench_server import served  # noqa: E402
from scripts.eval_parts import load_part  # noqa: E402
from scripts.load_client import build_requests, drive  # noqa: E402
from service.core.config import get_settings  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the source tree to compare against")
    parser.add_argument("--new", type=Path, default=ROOT, help="the source tree measured (default: this one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1, help="arbitre serve --workers, both sides")
    parser.add_argument("--base-workers", type=int, help="--workers for the base side only")
    parser.add_argument("--new-workers", type=int, help="--workers for the new side only")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warm-requests", type=int, default=200, help="unmeasured requests before each run")
    parser.add_argument("--base-env", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--new-env", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    questions = load_part("train")
    index_dir = os.environ.get("ARBITRE_INDEX_DIR") or str(get_settings().index_dir)
    sides = {"base": (args.base.resolve(), _pairs(args.base_env), args.base_workers or args.workers),
             "new": (args.new.resolve(), _pairs(args.new_env), args.new_workers or args.workers)}
    load_at_start = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-compare-") as scratch:
        for round_number in range(args.rounds):
            for side, (tree, extra, workers) in sides.items():
                tag = f"{round_number}{side}"
                env = os.environ | extra | {
                    "PYTHONPATH": str(tree), "ARBITRE_INDEX_DIR": index_dir,
                    "ARBITRE_FEEDBACK_DB": f"{scratch}/{tag}.sqlite3", "ARBITRE_LOG_FORMAT": "text",
                    "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(dir=scratch),
                }
                bodies = [{"game": q["game"], "question": f"{q['question']} ({tag}-{n})"}
                          for n in range(40) for q in questions]
                runs.append({"round": round_number, "side": side, "workers": workers,
                             "load_average": os.getloadavg()[0]} | _run(tree, env, workers, bodies, args))
    result = {
        "base": str(sides["base"][0]), "new": str(sides["new"][0]),
        "clients": args.clients, "seconds": args.seconds, "cpus": os.cpu_count(),
        "load_average": {"start": load_at_start, "end": os.getloadavg()},
        "ratio_new_over_base": _ratios(runs), "runs": runs,
    }
    emit(result, args.out)
    return 0


def _pairs(items: list[str]) -> dict[str, str]:
    pairs = {}
    for item in items:
        key, separator, value = item.partition("=")
        if not separator or not key:
            raise SystemExit(f"--base-env/--new-env: expected KEY=VALUE, got {item!r}")
        pairs[key] = value
    return pairs


def _run(tree: Path, env: dict[str, str], workers: int, bodies: list[dict], args: argparse.Namespace) -> dict:
    with served(env, workers, cwd=tree, log=Path(env["ARBITRE_FEEDBACK_DB"]).with_suffix(".log")) as server:
        requests = build_requests("127.0.0.1", server.port, "/v1/ask", bodies)
        warm, measured = requests[: args.warm_requests], requests[args.warm_requests:]
        drive("127.0.0.1", server.port, warm, args.clients, 60.0)
        return drive("127.0.0.1", server.port, measured, args.clients, args.seconds,
                     server_pids=server.pids()).to_dict()


def _ratios(runs: list[dict]) -> dict[str, float]:
    """Median over rounds of new / base for throughput, p50 and server CPU per request."""
    ratios: dict[str, float] = {}
    for key in ("rps", "p50_ms", "server_cpu_ms_per_request"):
        by_round = {}
        for run in runs:
            by_round.setdefault(run["round"], {})[run["side"]] = run[key]
        values = [pair["new"] / pair["base"] for pair in by_round.values()
                  if len(pair) == 2 and pair["base"] and pair["new"] is not None]
        ratios[key] = round(statistics.median(values), 3) if values else float("nan")
    return ratios


if __name__ == "__main__":
    sys.exit(main())
