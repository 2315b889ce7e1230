"""Every scenario template of every engine: its verdict reads off a run at the defaults, and each
value a slot allows (one slot at a time) renders a scenario the engine runs."""

from __future__ import annotations

import pytest

from engine.core.scenario import build_game, initial_state, load_scenario_file, run_scenario, scenario_files
from engine.core.templates import render, slots_of, verdict
from tests.engine.engines import ENGINES, ROOT, scenario_dir

TEMPLATES = [path for game in ENGINES for path in scenario_files(scenario_dir(game) / "templates")]


def _initial(data):
    return initial_state(build_game(data), data).to_dict()


@pytest.mark.parametrize("path", TEMPLATES, ids=[str(p.relative_to(ROOT)) for p in TEMPLATES])
def test_template_verdict_reads_at_the_defaults(path):
    template = load_scenario_file(path)
    assert template.get("answer"), "a template says how to read its verdict (answer:)"
    rendered = render(template)
    result = run_scenario(rendered, time_budget_s=30.0)
    assert verdict(template["answer"], result, _initial(rendered)) is not None


@pytest.mark.parametrize("path", TEMPLATES, ids=[str(p.relative_to(ROOT)) for p in TEMPLATES])
def test_every_allowed_slot_value_runs(path):
    template = load_scenario_file(path)
    for name, slot in slots_of(template).items():
        for value in slot.choices:
            rendered = render(template, {name: value})
            result = run_scenario(rendered, time_budget_s=30.0)  # ScenarioError here: the value breaks the template
            assert result.steps or not rendered.get("steps"), f"{name}={value!r}: no step ran"
