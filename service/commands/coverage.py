"""``arbitre coverage GAME``: which rulebook sections the engine's events cite, in the scenarios and in play."""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.coverage import CoverageReport
from engine.core.registry import load_game
from service.core.config import get_settings
from service.design_report import coverage_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("coverage", help="which rulebook sections the engine applies, and which never")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    parser.add_argument("--players", type=int, action="append", help="player count to play (repeatable; default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        game_class = load_game(args.game)
        if args.games < 0:
            raise ValueError(f"--games: expected 0 or more, got {args.games}")
        for players in args.players or []:
            game_class(players)
    except (KeyError, ValueError) as error:
        print(error.args[0], file=sys.stderr)
        return 2
    report = coverage_of(game_class, get_settings().corpus_dir, args.games, args.seed, args.players)
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else render(report))
    return 0


def render(report: CoverageReport) -> str:
    played = ", ".join(str(n) for n in report.players)
    lines = [
        f"rule coverage of {report.game}: {report.cited} of {len(report.sections)} sections cited by events "
        f"({report.scenario_files} scenario files; {report.games_per_count} random games at each of {played} players, "
        f"seeds {report.seed}..{report.seed + report.games_per_count - 1})",
        "events in scenarios | in random play | status | section",
    ]
    for row in report.sections:
        note = f" — {row.not_executable}" if row.not_executable else ""
        gaps = f" [gap: {', '.join(row.assumptions)}]" if row.assumptions else ""
        lines.append(f"{row.scenario_events:>8} | {row.simulation_events:>8} | {row.status:<18} | {row.section}{gaps}{note}")
    never = [row.section for row in report.sections if row.status == "never"]
    lines.append(f"never cited and not explained ({len(never)}): {', '.join(never) or 'none'}")
    if report.unknown_citations:
        lines.append(f"cited but not a heading of the rulebook: {', '.join(report.unknown_citations)}")
    if report.scenario_errors:
        lines.append(f"scenario files that did not run: {'; '.join(report.scenario_errors)}")
    return "\n".join(lines)
