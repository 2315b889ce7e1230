"""Rules engines over HTTP: ``GET /v1/games/{game}/assumptions`` and ``POST /v1/scenarios/run``."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from fastapi import APIRouter, Body, Depends, HTTPException, Request, Response, status
from fastapi.responses import JSONResponse

from engine.core.registry import available_games
from service.api.errors import FieldError, shown
from service.api.rate_limit import rate_limit
from service.api.schemas.errors import error_responses
from service.api.schemas.scenarios import ScenarioRunPublic
from service.api.work_pool import PoolFull, WorkerLost
from service.deps import SettingsDep
from service.scenario_runs import run_to_json

router = APIRouter(prefix="/v1", tags=["engines"])
T = TypeVar("T")

NO_ENGINE = "No rules engine for game {game}; engines exist for: {games}"
BAD_SCENARIO = "Invalid scenario field '{path}': {message}"
OVER_BUDGET = "Scenario over budget: {message}"
BUSY = "Too many scenario runs in progress ({in_flight}); retry in {retry_after} s"


@router.get("/games/{game}/assumptions", responses=error_responses(404))
def list_assumptions(game: str) -> dict[str, Any]:
    """The named assumptions of a game's engine: where its rulebook is silent and what the engine does."""
    games = available_games()
    if game not in games:
        return no_engine(game)  # type: ignore[return-value]
    data = [assumption.to_dict() for assumption in games[game].assumptions]
    return {"game": game, "data": data, "count": len(data)}


@router.post("/scenarios/run", response_model=ScenarioRunPublic, responses=error_responses(413, 422, 429, 503),
             dependencies=[Depends(rate_limit("scenario"))])
async def run(request: Request, settings: SettingsDep, scenario: dict[str, Any] = Body(...)) -> Response:
    """Play a scenario (the YAML format of ``engine.core.scenario``, as JSON) and return its trace.

    The run happens in the scenario worker pool, off the event loop; one budget
    (``scenario_time_budget_s``, ``scenario_max_steps``, ``max_response_bytes``)
    bounds all of it, serialising included. 422 names the bad field of a
    malformed scenario; 413 when over budget; 429 with ``Retry-After`` when the
    pool's queue is full.
    """
    outcome = await run_in_pool(
        request, run_to_json, scenario, time_budget_s=settings.scenario_time_budget_s,
        max_steps=settings.scenario_max_steps, max_chars=settings.max_response_bytes)
    if outcome.kind == "invalid":
        raise FieldError(422, outcome.field, BAD_SCENARIO.format(path=shown(outcome.field), message=outcome.message))
    if outcome.kind == "over_budget":
        raise FieldError(413, "body", OVER_BUDGET.format(message=outcome.message))
    return Response(outcome.body, media_type="application/json")


def no_engine(game: str) -> JSONResponse:
    """404 for a game without a rules engine, listing the games that have one."""
    known = sorted(available_games())
    return JSONResponse(status_code=status.HTTP_404_NOT_FOUND,
                        content={"detail": NO_ENGINE.format(game=shown(repr(game)), games=", ".join(known)),
                                 "known": known})


async def run_in_pool(request: Request, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function`` on the scenario worker pool: 429 with ``Retry-After`` when its queue is full, 503 if a worker died."""
    try:
        return await request.app.state.scenario_pool.run(function, *args, **kwargs)
    except PoolFull as full:
        raise HTTPException(status.HTTP_429_TOO_MANY_REQUESTS,
                            BUSY.format(in_flight=full.in_flight, retry_after=full.retry_after_s),
                            headers={"Retry-After": str(full.retry_after_s)}) from None
    except WorkerLost as lost:
        raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(lost), headers={"Retry-After": "1"}) from None
