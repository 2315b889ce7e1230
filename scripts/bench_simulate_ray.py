"""Ray against the local multiprocessing backend: the same random games, timed in one run.

For one game, plays ``--games`` random games (seeds 0..games-1) with
``simulate_parallel`` (``--workers`` processes) and with ``simulate_ray`` on a
local Ray of ``--workers`` CPUs, alternating the two ``--rounds`` times so that
they share the machine's load; checks the summaries are identical; reports the
Ray start-up time apart from the run time. Prints one JSON object.

    PYTHONPATH=. python scripts/bench_simulate_ray.py --game emblemes --players 4 --games 10000 --workers 2
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.registry import load_game  # noqa: E402
from engine.core.simulate import simulate_parallel  # noqa: E402
from engine.core.simulate_ray import simulate_ray  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="emblemes")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-check", action="store_true", help="skip the per-step invariant checks")
    args = parser.parse_args()

    import ray

    game_class = load_game(args.game)
    factory = functools.partial(game_class, args.players or game_class.min_players)
    started = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False, logging_level="warning")
    ray_start_s = time.perf_counter() - started
    times = {"local": [], "ray": []}
    summaries = {}
    try:
        for _ in range(args.rounds):
            for backend, run in (("local", simulate_parallel), ("ray", simulate_ray)):
                started = time.perf_counter()
                summaries[backend] = run(factory, args.games, 0, args.workers, check=not args.no_check).to_dict()
                times[backend].append(time.perf_counter() - started)
    finally:
        ray.shutdown()
    local, on_ray = statistics.median(times["local"]), statistics.median(times["ray"])
    print(json.dumps({
        "game": args.game, "games": args.games, "workers": args.workers, "rounds": args.rounds,
        "checked": not args.no_check,
        "load_average": os.getloadavg(), "identical_summaries": summaries["local"] == summaries["ray"],
        "local_s": [round(t, 2) for t in times["local"]], "ray_s": [round(t, 2) for t in times["ray"]],
        "ray_start_s": round(ray_start_s, 2),
        "ray_over_local": round(on_ray / local, 3),
        "ray_with_start_over_local": round((on_ray + ray_start_s) / local, 3),
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
