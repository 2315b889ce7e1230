"""Rules engines over HTTP: ``GET /v1/games/{game}/assumptions`` and ``POST /v1/scenarios/run``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, HTTPException, status

from engine.core.registry import available_games
from engine.core.scenario import ScenarioBudgetExceeded, ScenarioError, run_scenario
from service.deps import SettingsDep

router = APIRouter(prefix="/v1", tags=["engines"])

NO_ENGINE = "No rules engine for game '{game}'; engines exist for: {games}"
BAD_SCENARIO = "Invalid scenario field '{path}': {message}"
OVER_BUDGET = "Scenario over budget: {message}"


@router.get("/games/{game}/assumptions")
def list_assumptions(game: str) -> dict[str, Any]:
    """The named assumptions of a game's engine: where its rulebook is silent and what the engine does."""
    games = available_games()
    if game not in games:
        raise HTTPException(status.HTTP_404_NOT_FOUND, NO_ENGINE.format(game=game, games=", ".join(sorted(games))))
    data = [assumption.to_dict() for assumption in games[game].assumptions]
    return {"game": game, "data": data, "count": len(data)}


@router.post("/scenarios/run")
def run(settings: SettingsDep, scenario: dict[str, Any] = Body(...)) -> dict[str, Any]:
    """Play a scenario (the YAML format of ``engine.core.scenario``, as JSON) and return its trace.

    422 names the bad field of a malformed scenario; 413 when it exceeds the
    step or time budget (``scenario_max_steps``, ``scenario_time_budget_s``).
    """
    try:
        result = run_scenario(scenario, max_steps=settings.scenario_max_steps,
                              time_budget_s=settings.scenario_time_budget_s)
    except ScenarioError as error:
        raise HTTPException(422,
                            BAD_SCENARIO.format(path=error.path, message=error.message)) from None
    except ScenarioBudgetExceeded as error:
        raise HTTPException(413, OVER_BUDGET.format(message=error)) from None
    return result.to_dict()
