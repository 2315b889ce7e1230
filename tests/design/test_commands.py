"""``arbitre gaps`` and ``arbitre simulate --set``: output and exit codes."""

from __future__ import annotations

import json

from service.cli import main


def test_gaps_prints_a_ranked_json_report(capsys):
    assert main(["gaps", "emblemes", "--games", "6", "--players", "4", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6 and report["seeds"] == [2, 7]
    assert "not strong play" in report["caveat"]
    assert report["ranking"] and all(len(entry["options"]) >= 1 for entry in report["ranking"])


def test_gaps_text_names_the_baseline_variant_and_the_caveat(capsys):
    assert main(["gaps", "emblemes", "--games", "4", "--players", "3",
                 "--set", "emblemes.coins_below_zero=allow_negative",
                 "--only", "emblemes.coins_below_zero", "--only", "emblemes.chasseur_discards_itself"]) == 0
    out = capsys.readouterr().out
    assert "baseline: emblemes.coins_below_zero=allow_negative" in out
    assert "-> floor_at_zero:" in out and "-> no:" in out
    assert "not strong play" in out


def test_gaps_bad_input_exits_2_naming_the_problem(capsys):
    assert main(["gaps", "emblemes", "--set", "emblemes.coins_below_zero=maybe"]) == 2
    assert "emblemes.coins_below_zero" in capsys.readouterr().err
    assert main(["gaps", "emblemes", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert main(["gaps", "emblemes", "--games", "2", "--only", "emblemes.nope"]) == 2
    assert "emblemes.nope" in capsys.readouterr().err


def test_simulate_set_plays_the_variant_and_names_it(capsys):
    args = ["simulate", "emblemes", "--games", "10", "--players", "4", "--json"]
    assert main([*args, "--set", "emblemes.coins_below_zero=allow_negative"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == {"emblemes.coins_below_zero": "allow_negative"} and report["violation_count"] == 0
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == {}
    assert main(["simulate", "emblemes", "--games", "1", "--set", "emblemes.coins_below_zero"]) == 2
    assert "ASSUMPTION=OPTION" in capsys.readouterr().err
