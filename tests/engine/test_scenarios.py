"""Every scenario file of every game (``corpus/*/scenarios/``) passes: the designers' test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import format_trace, load_scenario_file, run_scenario, scenario_files

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FILES = [path for folder in sorted(CORPUS.glob("*/scenarios")) for path in scenario_files(folder)]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CORPUS)) for p in FILES])
def test_scenario_passes(path):
    data = load_scenario_file(path)
    assert data.get("title"), "every scenario has a title"
    result = run_scenario(data, time_budget_s=30.0)
    assert result.passed, format_trace(result)
