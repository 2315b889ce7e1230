"""``arbitre feedback summary GAME``: what players asked, disliked, and what the rulebook does not answer."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from service.feedback import FeedbackSummary


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("feedback", help="read the players' feedback and asked questions")
    actions = parser.add_subparsers(dest="feedback_command", required=True)
    summary = actions.add_parser("summary", help="most asked questions, unhelpful answers, abstained questions")
    summary.add_argument("game", help="game id, e.g. emblemes")
    summary.add_argument("--limit", type=int, default=10, help="entries per list (default: 10)")
    summary.add_argument("--json", action="store_true", help="print the same JSON as GET /v1/feedback/summary")
    summary.set_defaults(handler=print_summary)


def print_summary(args: argparse.Namespace) -> int:
    from service.api.routes.viewer import known_rulebook
    from service.core.config import get_settings
    from service.stores import feedback_store
    from service.referee import UnknownGameError

    settings = get_settings()
    try:
        known_rulebook(args.game, settings.corpus_dir)
    except UnknownGameError as error:
        print(error, file=sys.stderr)
        return 2
    summary = feedback_store(settings).summary(args.game, limit=args.limit)
    print(json.dumps(asdict(summary), ensure_ascii=False, indent=2) if args.json else render_summary(summary))
    return 0


def render_summary(summary: FeedbackSummary) -> str:
    """The summary as three titled lists, for a terminal."""
    lines = [f"{summary.game}: {summary.questions_recorded} questions recorded, {summary.feedback_recorded} feedback", ""]
    lines.append("Most asked questions:")
    lines += [f"  {entry.count:>4}  {entry.question}" for entry in summary.most_asked] or ["  (none)"]
    lines += ["", "Unhelpful answers (👎 / 👍):"]
    for entry in summary.unhelpful:
        lines.append(f"  {entry.unhelpful:>4} / {entry.helpful:<4} {entry.question}")
        lines += [f"              cited: {section}" for section in entry.sections]
        lines += [f"              “{comment}”" for comment in entry.comments]
    if not summary.unhelpful:
        lines.append("  (none)")
    lines += ["", "Abstained questions (the rulebook's gaps):"]
    lines += [f"  {entry.count:>4}  {entry.question}" for entry in summary.abstained] or ["  (none)"]
    return "\n".join(lines)
