"""``arbitre scenario run|check`` and ``arbitre simulate``: exit codes and output."""

from __future__ import annotations

import json
from pathlib import Path

from service.cli import main

SCENARIOS = Path(__file__).resolve().parents[3] / "corpus" / "emblemes" / "scenarios"


def test_scenario_run_prints_the_trace(capsys):
    assert main(["scenario", "run", str(SCENARIOS / "two_traitres.yaml")]) == 0
    out = capsys.readouterr().out
    assert "rule: Emblèmes › Foire aux questions (FAQ) › Comment fonctionne l’effet du Traître ?" in out
    assert out.rstrip().endswith("PASS")


def test_scenario_run_exits_1_on_a_failed_expectation(tmp_path, capsys):
    path = tmp_path / "wrong.yaml"
    path.write_text("game: emblemes\ntitle: wrong\nplayers: 3\nposition: {phase: end_of_round}\n"
                    "steps: [{type: resolve_round}]\nexpect: {state: {players.0.coins: 42}}\n", encoding="utf-8")
    assert main(["scenario", "run", str(path)]) == 1
    assert "FAIL expect.state.players.0.coins: expected 42, got 3" in capsys.readouterr().out


def test_scenario_check_runs_a_folder(tmp_path, capsys):
    assert main(["scenario", "check", str(SCENARIOS)]) == 0
    assert " 0 failed" in capsys.readouterr().out
    (tmp_path / "bad.yaml").write_text("game: emblemes\nplayers: 3\nposition: {round: 7}\n", encoding="utf-8")
    assert main(["scenario", "check", str(tmp_path)]) == 1
    assert "ERROR" in capsys.readouterr().out


def test_simulate_prints_a_json_summary(capsys):
    assert main(["simulate", "emblemes", "--games", "20", "--players", "4", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20 and report["violation_count"] == 0
    assert report["event_kinds"]["game_over"] == 20
    assert 0 <= report["first_player_win_rate"] <= 1


def test_simulate_unknown_game_exits_2(capsys):
    assert main(["simulate", "chess", "--games", "1"]) == 2
    assert "engines exist for" in capsys.readouterr().err


def test_simulate_on_ray_without_ray_installed_says_which_extra(monkeypatch, capsys):
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "ray" else real_find_spec(name, *rest))
    assert main(["simulate", "emblemes", "--games", "2", "--backend", "ray"]) == 2
    error = capsys.readouterr().err
    assert "--backend" in error and "arbitre[ray]" in error
