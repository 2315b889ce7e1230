"""``arbitre simulate GAME``: random legal games with invariant checks and a designer's summary."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import sys

from tqdm import tqdm

from engine.core.registry import load_game
from engine.core.simulate import simulate_parallel
from engine.core.variants import describe, parse_settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("simulate", help="play random legal games and summarise them")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, help="default: the game's minimum")
    parser.add_argument("--seed", type=int, default=0, help="games use seeds SEED, SEED+1, ...")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--backend", choices=["local", "ray"], default="local",
                        help="local processes, or Ray tasks (engine/core/simulate_ray.py); same seeds, same summary")
    parser.add_argument("--address", help="with --backend ray: a running cluster (ray://host:10001); "
                                          "default: a local Ray with --workers CPUs, started for the run")
    parser.add_argument("--no-check", action="store_true", help="skip the per-step invariant checks")
    parser.add_argument("--set", dest="settings", action="append", default=[], metavar="ASSUMPTION=OPTION",
                        help="play a variant: override a named assumption (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        game_class = load_game(args.game)
        players = args.players or game_class.min_players
        overrides = parse_settings(game_class, args.settings)
        factory = functools.partial(game_class, players, None, overrides)
        factory()
    except (KeyError, ValueError) as error:
        print(error.args[0], file=sys.stderr)
        return 2
    if args.address and args.backend != "ray":
        print("--address: only with --backend ray", file=sys.stderr)
        return 2
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        print("--backend: Ray is not installed here; install the extra: pip install 'arbitre[ray]'", file=sys.stderr)
        return 2
    with tqdm(total=args.games, unit="game", file=sys.stderr, disable=args.json) as bar:
        if args.backend == "ray":
            from engine.core.simulate_ray import simulate_ray

            summary = simulate_ray(factory, args.games, args.seed, max(1, args.workers), address=args.address,
                                   check=not args.no_check, progress=bar.update)
        else:
            summary = simulate_parallel(factory, args.games, args.seed, args.workers, check=not args.no_check,
                                        progress=bar.update)
    report = {**summary.to_dict(), "variant": overrides}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(render(args.game, players, report))
    return 1 if report["violation_count"] else 0


def render(game: str, players: int, report: dict) -> str:
    """The summary for people: scores, wins, what fired, violations."""
    scores = report["score_distribution"]
    total = sum(scores.values()) or 1
    mean = sum(float(score) * count for score, count in scores.items()) / total
    rate = report["first_player_win_rate"]
    lines = [
        f"{report['games']} games of {game} at {players} players, {report['actions']} actions",
        f"variant: {describe(report.get('variant', {}))}",
        f"scores: min {min(scores, default=0)}, mean {mean:.1f}, max {max(scores, default=0)}",
        f"wins by seat: {report['wins_by_seat']}",
        f"first player win rate: {rate:.3f}" if rate is not None else "first player win rate: n/a",
        "events (effects fired):",
        *(f"  {kind:<24} {count}" for kind, count in report["event_kinds"].items()),
        "assumptions fired:",
        *(f"  {name:<44} {count}" for name, count in report["assumptions_fired"].items()),
        f"violations: {report['violation_count']}",
        *(f"  {line}" for line in report["violations"]),
    ]
    return "\n".join(lines)
