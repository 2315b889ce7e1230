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
    grounded = grounder.check("Au Port il y a mon Marchand, un Matelot et une Espionne : il me rapporte combien ?", "emblemes")
    lines = render_explain(grounded.engine_check, grounded.explain).splitlines()
    assert lines[0].startswith("template  corpus/emblemes/scenarios/templates/marchand_income.yaml")
    assert lines[1].startswith("score     ") and "× fit" in lines[1]
    assert "  location = \"Port\"  ← 'Port'" in lines
    assert any(line.startswith("position  {") and '"locations": {"Port": [{"card": "Marchand", "owner": 0}' in line
               for line in lines)
    assert any(line.startswith("  0: marchand_income: ") and line.endswith("]") for line in lines)
    assert any(line.startswith("assumption emblemes.") for line in lines)
    assert lines[-1] == "verdict   2  (agrees with text: None)"


def test_explain_without_engine_check_says_no_template_fits() -> None:
    assert render_explain(None, None) == "(no engine check: no scenario template fits this question)"
