"""``arbitre ask GAME "question"``: answer a rules question from the command line.

``--explain`` adds, for an engine-checked answer, the template chosen with its
score, the slot filling, the position that was run and the engine's trace.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid

from typing import Any

from index.chunker import section_title
from service.answers import Answer


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="answer a rules question with citations")
    parser.add_argument("game", help="game id, e.g. emblemes")
    parser.add_argument("question", help="the question, in French or English")
    parser.add_argument("--lang", choices=["fr", "en"], help="language of the answer's framing (default: detected)")
    parser.add_argument("--json", action="store_true", help="print the same JSON as POST /v1/ask")
    parser.add_argument(
        "--explain", action="store_true",
        help="for an engine-checked answer: template, score, slot filling, position and trace",
    )
    parser.set_defaults(handler=ask)


def ask(args: argparse.Namespace) -> int:
    from service.api.routes.ask import to_public
    from service.core.config import get_settings
    from service.core.retriever import build_retriever
    from service.grounding import Grounder
    from service.referee import Referee, UnknownGameError

    settings = get_settings()
    referee = Referee(
        build_retriever(settings), settings.corpus_dir, settings.ask_citations,
        grounder=Grounder.from_settings(settings),
    )
    referee.warm_up()
    try:
        answer = referee.ask(args.game, args.question, args.lang)
    except UnknownGameError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        public = to_public(answer, uuid.uuid4().hex, explain=args.explain)
        print(json.dumps(public.model_dump(), ensure_ascii=False, indent=2))
        return 0
    print(render_answer(answer))
    if args.explain:
        print()
        print(render_explain(
            answer.engine_check.to_dict() if answer.engine_check else None,
            answer.explain.to_dict() if answer.explain else None,
        ))
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


def render_explain(engine_check: dict[str, Any] | None, explain: dict[str, Any] | None) -> str:
    """The engine check for a terminal: template and score, slots, position, trace, assumptions."""
    if not engine_check or not explain:
        return "(no engine check: no scenario template fits this question)"
    template = explain["template"]
    if template is None:
        lines = _frame_lines(explain)
    else:
        lines = [
            f"template  {template['template']}  ({template['title']})",
            f"score     {template['score']:.3f} = similarity {template['similarity']:.3f} × fit {template['fit']:.3f}",
            f"closest   {template['closest_phrasing']}",
            "slots",
        ]
        for name, slot in explain["slots"].items():
            source = slot["from"] if slot["from"] == "default" else ", ".join(repr(e["text"]) for e in slot["from"])
            lines.append(f"  {name} = {json.dumps(slot['value'], ensure_ascii=False)}  ← {source}")
    lines.append(f"position  {json.dumps(explain['position'], ensure_ascii=False)}")
    lines.append(f"steps     {json.dumps(explain['steps'], ensure_ascii=False)}")
    lines.append("trace")
    for event in engine_check["trace"]:
        citation = event.get("citation") or {}
        cited = f"  [{section_title(citation['section'])}]" if citation.get("section") else ""
        lines.append(f"  {event['step']}: {event['kind']}: {event['message']}{cited}")
    for outcome in explain["by_assumption"]:
        options = "; ".join(f"{o['option']} → {o['verdict']}" for o in outcome["outcomes"])
        lines.append(f"assumption {outcome['assumption']}: {options}")
    for reading in engine_check.get("readings") or ():
        lines.append(f"reading   {reading['about']} = {reading['option']} → {reading['verdict']}")
    lines.append(f"verdict   {engine_check['verdict']}  (agrees with text: {engine_check['agrees_with_text']})")
    return "\n".join(lines)


def _frame_lines(explain: dict[str, Any]) -> list[str]:
    """A compiled frame: what was asked, then each fact of the position with its provenance."""
    frame = explain["frame"] or {}
    asked = frame.get("asked") or {}
    lines = [f"frame     asks {asked.get('what')} ({frame.get('form')}, {frame.get('language')}): {asked.get('said', '')}"]
    for fact in explain.get("provenance") or ():
        said = f"  ← {fact['said']!r}" if fact.get("said") else ""
        decisive = "  (decides the verdict)" if fact.get("decisive") else ""
        lines.append(f"  {fact['source']:<8} {fact['fact']}{said}{decisive}")
    return lines
