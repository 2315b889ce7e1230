"""Scenario runs for the HTTP API, made to run in a worker process.

:func:`run_to_json` plays a scenario and serialises its result under one
:class:`~engine.core.budget.RunBudget`, and returns a picklable
:class:`RunOutcome` instead of raising, so it can cross a process boundary.
This module imports only the engines: a worker process starts in a fraction
of a second and never loads the retrieval model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.budget import RunBudget, ScenarioBudgetExceeded
from engine.core.scenario import ScenarioError, run_scenario

__all__ = ["RunOutcome", "run_to_json"]


@dataclass(frozen=True)
class RunOutcome:
    """``ok`` with the JSON ``body``; ``invalid`` with the bad ``field``; ``over_budget`` with the phase."""

    kind: Literal["ok", "invalid", "over_budget"]
    body: bytes = b""
    field: str = ""
    message: str = ""


def run_to_json(scenario: dict[str, Any], *, time_budget_s: float, max_steps: int, max_chars: int) -> RunOutcome:
    """Run ``scenario`` and serialise the result, building, stepping, checking and encoding within one budget."""
    budget = RunBudget(time_s=time_budget_s, max_steps=max_steps, max_chars=max_chars)
    try:
        payload = run_scenario(scenario, budget=budget).to_dict()
        budget.check("serialising")
        body = json.dumps(payload, ensure_ascii=False, allow_nan=False).encode("utf-8")
        budget.spend_chars(len(body), "serialising")
    except ScenarioError as error:
        return RunOutcome("invalid", field=error.path, message=error.message)
    except ScenarioBudgetExceeded as error:
        return RunOutcome("over_budget", message=str(error))
    return RunOutcome("ok", body=body)
