"""Every scenario file of every engine passes (``corpus/<game>/scenarios/``, templates included): the designers' suite."""

from __future__ import annotations

import pytest

from engine.core.scenario import format_trace, load_scenario_file, run_scenario, scenario_files
from tests.engine.engines import ENGINES, ROOT, scenario_dir

FILES = [path for game in ENGINES for path in scenario_files(scenario_dir(game))]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario_passes(path):
    data = load_scenario_file(path)
    assert data.get("title"), "every scenario has a title"
    result = run_scenario(data, time_budget_s=30.0)
    assert result.passed, format_trace(result)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_has_scenarios_of_its_own_game(game):
    files = scenario_files(scenario_dir(game))
    assert files, f"no scenario in {scenario_dir(game)}"
    assert {load_scenario_file(path)["game"] for path in files} == {game}
