"""``arbitre reference GAME``: an engine's reference, generated from the engine (``docs/engines/<game>.md``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.core.reference import build_reference
from engine.core.reference_markdown import render_markdown
from engine.core.registry import available_games, load_game
from service.core.config import PROJECT_ROOT, get_settings

DOCS_DIR = PROJECT_ROOT / "docs" / "engines"
GAMES_PER_COUNT = 10
"""Random games per player count read by a generated reference (the docs and the page use the same)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("reference", help="write an engine's generated reference (Markdown)")
    parser.add_argument("game", nargs="?", help="game id, e.g. splendor; omit with --all")
    parser.add_argument("--all", action="store_true", help="every registered engine")
    parser.add_argument("--out", type=Path, help=f"write <out>/<game>.md (e.g. {DOCS_DIR.relative_to(PROJECT_ROOT)}); "
                                                 "default: print")
    parser.add_argument("--games", type=int, default=GAMES_PER_COUNT, help="random games per player count")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.all == bool(args.game):
        print("give a game id or --all", file=sys.stderr)
        return 2
    if args.games < 1:
        print(f"--games: expected a positive integer, got {args.games}", file=sys.stderr)
        return 2
    try:
        games = sorted(available_games()) if args.all else [load_game(args.game).id]
    except KeyError as error:
        print(error.args[0], file=sys.stderr)
        return 2
    for game in games:
        text = reference_markdown(game, args.games)
        if args.out is None:
            print(text)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{game}.md").write_text(text, encoding="utf-8")
        print(f"wrote {args.out / f'{game}.md'}", file=sys.stderr)
    return 0


def reference_markdown(game: str, games_per_count: int = GAMES_PER_COUNT, link=None,
                       corpus_dir: Path | None = None) -> str:
    """The generated reference of ``game`` (the docs' text; the page passes ``link`` for the viewer)."""
    scenario_dir = (corpus_dir or get_settings().corpus_dir) / game / "scenarios"
    reference = build_reference(load_game(game), games_per_count=games_per_count, scenario_dir=scenario_dir)
    return render_markdown(reference, link)
