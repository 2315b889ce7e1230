"""Names are accent- and case-insensitive everywhere: in actions and in positions, in every engine."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from engine.core.names import Names, fold
from engine.core.scenario import load_scenario_file, run_scenario, scenario_files
from tests.engine.engines import REGISTERED, scenario_dir

CODE_WORDS = {"type", "phase", "kind", "expect_rejection"}
"""Keys whose values are the engine's code words (action types, phases, decision kinds), not names."""


def shouted(value: Any, key: str | None = None) -> Any:
    """Every name in ``value`` without its accents and in capitals; keys and code words kept."""
    if isinstance(value, dict):
        return {k: v if k in CODE_WORDS else shouted(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shouted(item, key) for item in value]
    if isinstance(value, str):
        return "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c)).upper()
    return value


def _trace(result) -> list:
    return [[(event.kind, event.data) for event in step.events] for step in result.steps]


FILES = [path for game in REGISTERED for path in scenario_files(scenario_dir(game))
         if not load_scenario_file(path).get("slots")]
"""Scenarios with slots (templates) are left out: their placeholders are not names."""


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.name}" for p in FILES])
def test_a_scenario_reads_the_same_with_its_names_shouted_and_unaccented(path):
    data = load_scenario_file(path)
    written = run_scenario(data, time_budget_s=30.0)
    shouting = {**data, **{key: shouted(data[key]) for key in ("position", "steps") if key in data}}
    result = run_scenario(shouting, time_budget_s=30.0)
    assert result.final_state == written.final_state and _trace(result) == _trace(written)


def test_names_are_looked_up_exactly_then_folded():
    locations = Names(["Château", "Village", "Port"], "location")
    assert locations.index("Château", "x") == 0 and locations.index(" chateau ", "x") == 0
    assert locations.canonical("PORT", "x") == "Port" and "VILLAGE" in locations and 3 not in locations
    with pytest.raises(ValueError, match=r"^where: expected one of \['Château', 'Village', 'Port'\], got 'Mer'$"):
        locations.index("Mer", "where")
    with pytest.raises(ValueError, match="fold to the same"):
        Names(["Élu", "elu"])
    assert fold("L’Élu  du Cœur ") == "l'elu du coeur"
