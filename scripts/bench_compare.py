"""First-seen ``/v1/ask`` throughput of two source trees, alternated in one run so both share the load.

The machine is shared, so absolute throughput drifts by tens of percent from one
minute to the next; a speed-up is only measured as a ratio between runs that
alternate. Both sides' ``arbitre serve`` (each from its tree: its own code, the
same index folder and settings) are up for the whole comparison, and the rounds
drive them in turn (base, new | new, base | ...), ``--seconds`` each, so short
rounds follow the load closely. Each round drives ``--clients`` concurrent clients
with train questions the server has never seen (a fresh suffix per round, so the
model and the engine checks run every time; both sides get the same texts, each
server its own process: a side's name in its suffix, "(3new-17)" against
"(3base-17)", made one side's questions read differently), and records requests per second,
client-side p50/p95 and the server's CPU per request.

    git worktree add /tmp/arbitre-base main
    PYTHONPATH=. python scripts/bench_compare.py --base /tmp/arbitre-base --rounds 10 --seconds 4

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
from contextlib import ExitStack
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
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1, help="arbitre serve --workers, both sides")
    parser.add_argument("--base-workers", type=int, help="--workers for the base side only")
    parser.add_argument("--new-workers", type=int, help="--workers for the new side only")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=4.0, help="length of one side's turn in a round")
    parser.add_argument("--warm-requests", type=int, default=200, help="unmeasured requests to each server before the first round")
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
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-compare-") as scratch, ExitStack() as stack:
        servers = {}
        for side, (tree, extra, workers) in sides.items():
            env = os.environ | extra | {
                "PYTHONPATH": str(tree), "ARBITRE_INDEX_DIR": index_dir,
                "ARBITRE_FEEDBACK_DB": f"{scratch}/{side}.sqlite3", "ARBITRE_LOG_FORMAT": "text",
                "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(dir=scratch),
            }
            servers[side] = stack.enter_context(served(env, workers, cwd=tree, log=Path(scratch) / f"{side}.log"))
            _drive(servers[side], _bodies(questions, "warm", args.warm_requests), args.clients, 60.0)
        for round_number in range(args.rounds):
            for side in turns(list(sides), round_number):
                bodies = _bodies(questions, f"round{round_number}", 4000)
                runs.append({"round": round_number, "side": side, "workers": sides[side][2],
                             "load_average": os.getloadavg()[0]}
                            | _drive(servers[side], bodies, args.clients, args.seconds, measured=True))
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


def turns(sides: list[str], round_number: int) -> list[str]:
    """The sides' order in a round: as given in even rounds, reversed in odd ones, so neither always goes first."""
    return sides if round_number % 2 == 0 else sides[::-1]


def _bodies(questions: list[dict], tag: str, count: int) -> list[dict]:
    return [{"game": q["game"], "question": f"{q['question']} ({tag}-{n})"}
            for n, q in zip(range(count), (questions * (count // len(questions) + 1)))]


def _drive(server, bodies: list[dict], clients: int, seconds: float, measured: bool = False) -> dict:
    requests = build_requests("127.0.0.1", server.port, "/v1/ask", bodies)
    result = drive("127.0.0.1", server.port, requests, clients, seconds, server_pids=server.pids() if measured else None)
    return result.to_dict()


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
