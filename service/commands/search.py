"""``arbitre search GAME "query"``: the rulebook passages the retriever ranks first."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("search", help="show the best rulebook passages for a query")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("query", help="words or a question, in French or English")
    parser.add_argument("-k", type=int, default=5, help="how many passages (default 5)")
    parser.set_defaults(handler=search)


def search(args: argparse.Namespace) -> int:
    from service.core.config import get_settings
    from service.core.retriever import build_retriever

    retriever = build_retriever(get_settings())
    retriever.warm_up()
    try:
        hits = retriever.run(args.query, game=args.game, k=args.k)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    for rank, hit in enumerate(hits, start=1):
        path, start, end = hit.source
        print(f"[{rank}] {hit.section}")
        print(f"    {path}:{start}-{end}  score {hit.score:.3f} (lexical {hit.lexical:.3f}, dense {hit.dense:.3f})")
        print("    " + hit.passage.replace("\n", "\n    "))
    return 0
