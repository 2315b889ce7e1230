"""``arbitre ask`` rendering and the ``serve``/``ask`` argument parsing."""

from __future__ import annotations

from service.answers import Answer, Citation, Evidence
from service.cli import build_parser
from service.commands.ask import render_answer


def test_serve_defaults_to_loopback_8000() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000"])
    assert (args.host, args.port) == ("0.0.0.0", 9000)


def test_ask_parses_game_question_and_options() -> None:
    args = build_parser().parse_args(["ask", "emblemes", "Combien de manches ?", "--lang", "en", "--json"])
    assert (args.game, args.question, args.lang, args.json) == ("emblemes", "Combien de manches ?", "en", True)


def test_render_answer_lists_numbered_citations_with_offsets() -> None:
    citation = Citation(
        section="Emblèmes › Déroulement d’une partie",
        quote="La partie se joue en 3 manches.",
        passage="La partie se joue en 3 manches. Chaque manche est composée de plusieurs tours :",
        score=0.8123,
        path="corpus/emblemes/rules.md",
        start=2570,
        end=2601,
    )
    answer = Answer("D’après les règles : « La partie se joue en 3 manches. »", False, 0.9, "fr", (citation,),
                    Evidence(1.0, 0.0, 0.8, 0.9))
    assert render_answer(answer) == "\n".join([
        "D’après les règles : « La partie se joue en 3 manches. »",
        "",
        "(answered, confidence 0.90)",
        "",
        "[1] Emblèmes › Déroulement d’une partie",
        "    corpus/emblemes/rules.md:2570-2601  score 0.812",
        "    │ La partie se joue en 3 manches.",
    ])
