"""``arbitre ask --explain``: the engine check rendered for designers."""

from __future__ import annotations

from pathlib import Path

from service.cli import build_parser
from service.commands.ask import render_explain
from service.grounding import Grounder

CORPUS = Path(__file__).resolve().parents[3] / "corpus"


def test_ask_parses_explain() -> None:
    args = build_parser().parse_args(["ask", "emblemes", "Mon Marchand ?", "--explain"])
    assert args.explain is True
    assert build_parser().parse_args(["ask", "emblemes", "Mon Marchand ?"]).explain is False


def test_explain_shows_template_score_slots_position_and_trace() -> None:
    grounder = Grounder(CORPUS)
    grounder.warm_up()
    # another player named keeps the asker's-action frame out (docs/grounding.md): the take-two template answers
    grounded = grounder.check("Pile rouge : 3 jetons. Léa et moi voulons des rouges : est-ce que je peux en prendre deux ?",
                              "splendor")
    lines = render_explain(grounded.engine_check, grounded.explain).splitlines()
    assert lines[0].startswith("template  corpus/splendor/scenarios/templates/take_two_same_colour.yaml")
    assert lines[1].startswith("score     ") and "× fit" in lines[1]
    assert "  pile = 3  ← '3'" in lines
    assert any(line.startswith("position  {") for line in lines)
    assert any(line.startswith("  0: rejected: ") for line in lines)
    assert lines[-1].startswith("verdict   non")


def test_explain_of_a_compiled_frame_shows_each_fact_and_its_provenance() -> None:
    grounder = Grounder(CORPUS)
    grounder.warm_up()
    grounded = grounder.check("Au Port il y a mon Marchand, un Matelot et une Espionne : il me rapporte combien ?", "emblemes")
    lines = render_explain(grounded.engine_check, grounded.explain).splitlines()
    assert lines[0].startswith("frame     asks earn (count, fr)")
    assert "  stated   marchand of the asker in port  ← 'Marchand'" in lines
    assert any(line.startswith("  default  owner of matelot: another player") for line in lines)
    assert any(line.startswith("  0: round_scoring: ") for line in lines)
    assert lines[-1] == "verdict   2  (agrees with text: None)"


def test_explain_without_engine_check_says_no_template_fits() -> None:
    assert render_explain(None, None) == "(no engine check: no scenario template fits this question)"
