"""Rule coverage (``engine/core/coverage.py``, ``arbitre coverage``): sections cited in scenarios and in play."""

from __future__ import annotations

import json

import pytest

from engine.core.coverage import rule_coverage
from engine.core.registry import load_game, registered
from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from service.cli import main
from service.design_report import coverage_of, rulebook_sections
from service.core.config import PROJECT_ROOT
from tests.engine.engines import REGISTERED, TOY_DIR, scenario_dir
from tests.engine.toy import ToyGame

CORPUS = PROJECT_ROOT / "corpus"


@pytest.mark.parametrize("game", REGISTERED)
def test_coverage_counts_what_the_scenarios_and_random_games_cite(game):
    report = coverage_of(load_game(game), CORPUS, games_per_count=3)
    sections, headings_only = rulebook_sections(CORPUS, game)
    assert [row.section for row in report.sections] == sections
    assert report.unknown_citations == () and report.scenario_errors == ()
    cited_in_scenarios = {event.citation.section
                          for path in scenario_files(scenario_dir(game))
                          for event in run_scenario(load_scenario_file(path), time_budget_s=30.0).events
                          if event.citation}
    rows = {row.section: row for row in report.sections}
    assert {s for s, row in rows.items() if row.scenario_events} == cited_in_scenarios
    assert any(row.simulation_events for row in report.sections), "random games cite no rule"
    for section in headings_only:
        assert rows[section].status in ("heading only", "not executable") or rows[section].scenario_events


def test_statuses_separate_scenarios_play_gaps_and_silence():
    sections = ["Tas", "Tas › Matériel", "Tas › Tour de jeu", "Tas › Tour de jeu › Doublé", "Tas › Nulle part",
                "Tas › Vide"]
    with registered(ToyGame):
        report = rule_coverage(ToyGame, sections, games_per_count=4, scenario_dir=TOY_DIR / "scenarios",
                               headings_only={"Tas › Vide"})
    status = {row.section: row.status for row in report.sections}
    assert status["Tas"] == "not executable" and status["Tas › Matériel"] == "not executable"
    assert status["Tas › Tour de jeu"] == "scenarios and play"
    assert status["Tas › Nulle part"] == "never" and status["Tas › Vide"] == "heading only"
    assert report.cited == sum(s in ("scenarios and play", "scenarios only", "play only") for s in status.values())
    assert "Tas › Fin de partie" in report.unknown_citations  # cited by the engine, not in the list given
    assert report.to_dict()["by_status"]["never"] == 1


def test_coverage_command_prints_json_and_text(capsys):
    assert main(["coverage", "splendor", "--games", "2", "--players", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == [2] and report["games_per_count"] == 2
    assert report["sections_total"] == len(report["sections"]) and report["sections_cited"] > 0
    assert main(["coverage", "splendor", "--games", "2", "--players", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("rule coverage of splendor:") and "never cited and not explained" in text
    assert main(["coverage", "splendor", "--players", "9"]) == 2
    assert "players" in capsys.readouterr().err
    assert main(["coverage", "chess"]) == 2
