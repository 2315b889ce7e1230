"""Run a filled template through its engine and read the verdict, under each assumption.

The run is an ordinary scenario run bounded by the check's step budget, its time by the wall-clock fuse only
(:mod:`.budget`: past it, :class:`~.budget.FuseBlown`, never a verdict).
When the trace relied on named assumptions, the position is replayed under
every other option of each of them: if the verdict changes, the answer must
say that the outcome depends on that assumption and give each outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.core.budget import RunBudget
from engine.core.scenario import (
    ScenarioBudgetExceeded,
    ScenarioError,
    ScenarioResult,
    build_game,
    check_expectations,
    initial_state,
    run_scenario,
)
from engine.core.templates import render, verdict
from service.grounding.budget import Budget, FuseBlown
from service.grounding.catalog import Template


@dataclass(frozen=True)
class AssumptionOutcome:
    """The verdict under each option of one assumption the run relied on."""

    assumption: str
    question: str
    in_force: Any
    verdicts: tuple[tuple[Any, Any], ...]
    """``(option, verdict)`` pairs, the option in force first."""

    @property
    def decisive(self) -> bool:
        """Whether the verdict changes with the option."""
        return len({repr(v) for _, v in self.verdicts}) > 1


@dataclass(frozen=True)
class Run:
    """One engine run of a filled template."""

    scenario: dict[str, Any]
    result: ScenarioResult
    verdict: Any
    agrees_with_text: bool | None
    assumptions: tuple[AssumptionOutcome, ...] = field(default=())

    @property
    def depends_on(self) -> list[AssumptionOutcome]:
        return [outcome for outcome in self.assumptions if outcome.decisive]


def flipped(run: Run) -> Run:
    """The run with its yes/no verdicts reversed (a question asked the other way, see ``forms.asks_opposite``)."""
    outcomes = tuple(
        AssumptionOutcome(o.assumption, o.question, o.in_force, tuple((option, _not(v)) for option, v in o.verdicts))
        for o in run.assumptions
    )
    return Run(run.scenario, run.result, _not(run.verdict), run.agrees_with_text, outcomes)


def _not(verdict: Any) -> Any:
    return verdict if verdict is None else not verdict


def run_template(
    template: Template,
    values: Mapping[str, Any],
    budget: Budget = Budget(),
    prepare: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None,
) -> Run | None:
    """Render ``template`` with ``values`` (then the game's ``prepare`` hook), run it, read its verdict.

    Returns:
        The run, or None when the filled scenario is not playable (a value outside
        a slot's choices, an engine rejecting the position, over the step budget):
        no verdict is ever made up.

    Raises:
        FuseBlown: a run outlived the wall-clock fuse.
    """
    try:
        scenario = render(template.scenario, values)
        if prepare is not None:
            scenario = prepare(scenario)
        result, answer = _verdict(scenario, template, budget)
    except (ValueError, ScenarioBudgetExceeded):  # ScenarioError is a ValueError; a fuse is re-raised as FuseBlown
        return None
    if _unexpected_rejection(result, template):
        return None
    expect = scenario.get("expect")
    agrees = not check_expectations(expect, result) if expect else None
    outcomes = []
    game = build_game(scenario)
    try:
        for assumption_id in result.assumptions_used:
            outcome = _under_each_option(scenario, template, game.book.get(assumption_id), game.assume(assumption_id),
                                         answer, budget)
            if outcome is not None:
                outcomes.append(outcome)
    except ScenarioBudgetExceeded:
        return None  # an option over the step budget: the reading left out could change the verdict
    return Run(scenario, result, answer, agrees, tuple(outcomes))


def _verdict(scenario: Mapping[str, Any], template: Template, budget: Budget) -> tuple[ScenarioResult, Any]:
    initial = initial_state(build_game(scenario), scenario).to_dict()
    run_budget = RunBudget(time_s=budget.fuse_s, max_steps=budget.max_steps, clock=budget.clock)
    try:
        result = run_scenario(scenario, budget=run_budget)
    except ScenarioBudgetExceeded as error:
        if run_budget.clock() > run_budget.deadline:
            raise FuseBlown(f"template run: {error}") from None
        raise
    return result, verdict(template.answer, result, initial)


def _under_each_option(scenario, template, assumption, in_force, answer, budget) -> AssumptionOutcome | None:
    if not assumption.options:
        return None  # free-form data (a reward table): no options to enumerate
    verdicts = [(in_force, answer)]
    for option in assumption.options:
        if option == in_force:
            continue
        variant = {**scenario, "assumptions": {**(scenario.get("assumptions") or {}), assumption.id: option}}
        try:
            result, other = _verdict(variant, template, budget)
        except ScenarioError:
            continue  # an option the position cannot be played under
        if not _unexpected_rejection(result, template):
            verdicts.append((option, other))
    return AssumptionOutcome(assumption.id, assumption.question, in_force, tuple(verdicts))


def _unexpected_rejection(result: ScenarioResult, template: Template) -> bool:
    """A step failed that neither ``expect_rejection`` nor the verdict (``accepted``/``rejected``) allows.

    Then the filled position is not the one asked about, and no verdict is given.
    """
    probes = {index % max(len(result.steps), 1) for index in _probed_steps(template.answer)}
    return any(
        step.expected_rejection is None and step.index not in probes and any(e.is_rejection for e in step.events)
        for step in result.steps
    )


def _probed_steps(spec: Any) -> set[int]:
    """Step indexes an answer spec tests with ``accepted``/``rejected``."""
    if isinstance(spec, Mapping):
        found = {spec[key] for key in ("accepted", "rejected") if isinstance(spec.get(key), int)}
        for value in spec.values():
            found |= _probed_steps(value)
        return found
    if isinstance(spec, list):
        return set().union(*(_probed_steps(item) for item in spec)) if spec else set()
    return set()
