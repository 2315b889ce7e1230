"""One budget bounds all of a scenario run: steps, template expansion, expectation checking."""

from __future__ import annotations

import pytest

from engine.core.budget import RunBudget, ScenarioBudgetExceeded
from engine.core.scenario import run_scenario
from engine.core.templates import render

NEVER = {"kind": "no_such_event", "data": {"player": 99}}


class TickingClock:
    """A clock that advances ``tick`` seconds each time it is read: deadlines in checks, not in machine speed."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def rejected_steps(count: int) -> list[dict]:
    """Steps the engine refuses at once (a rejection event each): cheap to play, many events."""
    return [{"type": "resolve_round", "expect_rejection": True}] * count


def test_limits_must_be_positive() -> None:
    with pytest.raises(ValueError, match="time_s, max_steps, max_chars"):
        RunBudget(time_s=0, max_steps=10)


def test_a_passed_deadline_names_the_phase() -> None:
    budget = RunBudget(time_s=0.01, max_steps=10, clock=TickingClock(0.02))
    with pytest.raises(ScenarioBudgetExceeded, match=r"^expect.events\[3\]: time budget of 0.01s exhausted$"):
        budget.check("expect.events[3]")


def test_output_is_counted_across_phases() -> None:
    budget = RunBudget(time_s=10, max_steps=10, max_chars=100)
    budget.spend_chars(60, "slots")
    with pytest.raises(ScenarioBudgetExceeded, match="serialising: output over the budget of 100 characters"):
        budget.spend_chars(60, "serialising")


def test_too_many_steps_stop_before_the_first_is_played() -> None:
    with pytest.raises(ScenarioBudgetExceeded, match="steps: 11 steps, the budget is 10"):
        run_scenario({"game": "emblemes", "players": 3, "steps": rejected_steps(11)}, max_steps=10)


def test_expectation_checking_is_inside_the_budget() -> None:
    steps = rejected_steps(2_000)
    playing_only = TickingClock(1.0)
    run_scenario({"game": "emblemes", "players": 3, "steps": steps},
                 budget=RunBudget(time_s=1e9, max_steps=2_000, clock=playing_only))
    # A budget that lasts the steps and five clock reads more: the run must stop
    # inside expectation checking, five patterns in (unbounded, checking 5,000
    # patterns against ~2,000 events takes 15-20 s).
    clock = TickingClock(1.0)
    budget = RunBudget(time_s=playing_only.reads + 5, max_steps=2_000, clock=clock)
    with pytest.raises(ScenarioBudgetExceeded, match=r"expect.events\[\d+\]: time budget of \d+s exhausted"):
        run_scenario({"game": "emblemes", "players": 3, "steps": steps, "expect": {"events": [NEVER] * 5_000}},
                     budget=budget)
    assert clock.reads <= playing_only.reads + 8


def test_template_expansion_is_counted_before_it_allocates() -> None:
    template = {"game": "emblemes", "players": 3, "slots": {"s": {"kind": "text", "default": "x" * 10_000}},
                "title": "${s}" * 30_000}  # 300 MB once expanded
    budget = RunBudget(time_s=5, max_steps=10, max_chars=1_000_000)
    with pytest.raises(ScenarioBudgetExceeded, match="title: output over the budget of 1000000 characters"):
        render(template, budget=budget)
    assert budget.chars > 1_000_000


def test_a_repeated_whole_value_counts_each_use() -> None:
    template = {"game": "emblemes", "players": 3, "slots": {"s": {"kind": "list", "default": list(range(10_000))}},
                "description": ["${s}"] * 2_000}
    with pytest.raises(ScenarioBudgetExceeded, match="output over the budget"):
        render(template, budget=RunBudget(time_s=5, max_steps=10, max_chars=1_000_000))


def test_a_normal_run_fits_the_budget_and_renders_as_before() -> None:
    template = {"game": "emblemes", "players": 3, "slots": {"n": {"kind": "count", "default": 3}},
                "title": "n = ${n}", "seed": "${n}"}
    assert render(template, budget=RunBudget(time_s=5, max_steps=10)) == {**render(template), "title": "n = 3", "seed": 3}
