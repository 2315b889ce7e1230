"""``arbitre ask GAME "question"``: answer a rules question from the command line."""

from __future__ import annotations

import argparse
import json
import sys
import uuid

from service.answers import Answer


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="answer a rules question with citations")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("question", help="the question, in French or English")
    parser.add_argument("--lang", choices=["fr", "en"], help="language of the answer's framing (default: detected)")
    parser.add_argument("--json", action="store_true", help="print the same JSON as POST /v1/ask")
    parser.set_defaults(handler=ask)


def ask(args: argparse.Namespace) -> int:
    from service.api.routes.ask import to_public
    from service.core.config import get_settings
    from service.core.retriever import build_retriever
    from service.referee import Referee, UnknownGameError

    settings = get_settings()
    referee = Referee(build_retriever(settings), settings.corpus_dir, settings.ask_citations)
    referee.warm_up()
    try:
        answer = referee.ask(args.game, args.question, args.lang)
    except UnknownGameError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_public(answer, uuid.uuid4().hex).model_dump(), ensure_ascii=False, indent=2))
    else:
        print(render_answer(answer))
    return 0


def render_answer(answer: Answer) -> str:
    """The answer, its confidence and numbered citations, for a terminal."""
    status = "abstained" if answer.abstained else "answered"
    lines = [answer.text, "", f"({status}, confidence {answer.confidence:.2f})", ""]
    for number, citation in enumerate(answer.citations, start=1):
        lines.append(f"[{number}] {citation.section}")
        lines.append(f"    {citation.path}:{citation.start}-{citation.end}  score {citation.score:.3f}")
        lines.extend(f"    │ {line}" for line in citation.quote.splitlines())
    return "\n".join(lines)
