"""``arbitre gaps GAME``: which named assumptions (rulebook gaps) change who wins random games."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tqdm import tqdm

from engine.core.gaps import CAVEAT, GapReport, gap_impact
from engine.core.registry import load_game
from engine.core.variants import describe, parse_settings
from service.api.design_html import document
from service.core.config import get_settings
from service.design_report import design_report, report_html


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("gaps", help="rank the rulebook gaps (named assumptions) by impact on outcomes")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("--games", type=int, default=1000, help="paired games per option")
    parser.add_argument("--players", type=int, help="default: the game's minimum")
    parser.add_argument("--seed", type=int, default=0, help="games use seeds SEED, SEED+1, ... under every option")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--set", dest="settings", action="append", default=[], metavar="ASSUMPTION=OPTION",
                        help="baseline variant to compare against (repeatable)")
    parser.add_argument("--only", action="append", metavar="ASSUMPTION", help="measure only these (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--html", type=Path, metavar="FILE",
                        help="also write the design report (scores, win rate by seat, gap impact, coverage) to FILE")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        game_class = load_game(args.game)
        players = args.players or game_class.min_players
        overrides = parse_settings(game_class, args.settings)
        game_class(players, None, overrides)
        if args.games < 1:
            raise ValueError(f"--games: expected a positive integer, got {args.games}")
    except (KeyError, ValueError) as error:
        print(error.args[0], file=sys.stderr)
        return 2
    with tqdm(total=args.games, unit="game", file=sys.stderr, disable=args.json) as bar:
        try:
            if args.html:
                design = design_report(game_class, players, args.games, args.seed, overrides=overrides, only=args.only,
                                       corpus_dir=get_settings().corpus_dir, workers=args.workers, progress=bar.update)
                report = design.gaps
            else:
                report = gap_impact(game_class, players, args.games, args.seed, args.workers,
                                    base_overrides=overrides, only=args.only, progress=bar.update)
        except ValueError as error:
            print(error.args[0], file=sys.stderr)
            return 2
    if args.html:
        args.html.write_text(document(f"{game_class.title}: design report", report_html(design)), encoding="utf-8")
        print(f"wrote {args.html}", file=sys.stderr)
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else render(report))
    return 0


def render(report: GapReport) -> str:
    """The ranking for people: per assumption, each alternative option's change rates with 95% Wilson intervals."""
    lines = [
        f"gap impact for {report.game} at {report.players} players: {report.games} paired games per option, "
        f"seeds {report.seed}..{report.seed + report.games - 1}",
        f"baseline: {describe(report.base_overrides)}",
        CAVEAT,
        "rank  assumption (fired in N baseline games)  option: winners changed [95% CI] | scores | length",
    ]
    for rank, impact in enumerate(report.impacts, 1):
        lines.append(f"{rank:>4}  {impact.assumption_id} (baseline {impact.baseline}; fired in "
                     f"{impact.fired_games}/{report.games})")
        for option in impact.options:
            winners, scores, length = (option.rate(n) for n in ("winners_changed", "scores_changed", "length_changed"))
            lines.append(f"        -> {option.option}: winners {_pct(winners)} | scores {_pct(scores)} | "
                         f"length {_pct(length)}")
    if not report.impacts:
        lines.append("      (no assumption of this game has more than one option)")
    return "\n".join(lines)


def _pct(rate: dict) -> str:
    return f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}-{100 * rate['high']:.1f}]"
