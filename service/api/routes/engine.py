"""Rules engines over HTTP: ``GET /v1/games/{game}/assumptions`` and ``POST /v1/scenarios/run``.

A scenario is sent as JSON or, as designers write them, as YAML
(``Content-Type: application/yaml`` or ``text/yaml``): the YAML is parsed by
:func:`engine.core.scenario_text.parse_scenario_text` and handed to the route as
the JSON it stands for, and every error about a field then names its line.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import json

from fastapi import APIRouter, Body, Depends, HTTPException, Request, Response, status
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from engine.core.registry import available_games
from engine.core.scenario import ScenarioError
from engine.core.scenario_text import ScenarioText, parse_scenario_text
from service.api.errors import FieldError, shown
from service.api.rate_limit import rate_limit
from service.api.schemas.errors import error_responses
from service.api.schemas.scenarios import ScenarioRunPublic
from service.api.work_pool import PoolFull, WorkerLost
from service.deps import SettingsDep
from service.scenario_runs import run_to_json

T = TypeVar("T")

NO_ENGINE = "No rules engine for game {game}; engines exist for: {games}"
BAD_SCENARIO = "Invalid scenario field '{path}': {message}"
BAD_SCENARIO_AT = "Invalid scenario field '{path}': line {line}: {message}"
MALFORMED_YAML = "Malformed YAML body: {message}"
YAML_TYPES = frozenset({"application/yaml", "text/yaml", "application/x-yaml", "text/x-yaml"})
OVER_BUDGET = "Scenario over budget: {message}"
BUSY = "Too many scenario runs in progress ({in_flight}); retry in {retry_after} s"


class _YamlOrJsonRoute(APIRoute):
    """A route whose JSON body may also come as YAML: the YAML is parsed (lines kept) and passed on as JSON."""

    def get_route_handler(self):
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if media_type in YAML_TYPES:
                request = await _yaml_as_json(request)
            return await handler(request)

        return handle


router = APIRouter(prefix="/v1", tags=["engines"], route_class=_YamlOrJsonRoute)


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
    """Play a scenario (the YAML format of ``engine.core.scenario``, sent as JSON or as YAML) and return its trace.

    Send YAML with ``Content-Type: application/yaml`` (or ``text/yaml``); then each
    422 about a field also names its line (``Invalid scenario field 'steps[1].type': line 9: …``).

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
        raise _invalid(outcome.field, outcome.message, getattr(request.state, "scenario_text", None))
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


def _invalid(path: str, message: str, text: ScenarioText | None) -> FieldError:
    """422 naming the field, and its line when the scenario came as YAML."""
    line = text.line_of(path) if text is not None else None
    if line is None:
        return FieldError(422, path, BAD_SCENARIO.format(path=shown(path), message=message))
    return FieldError(422, path, BAD_SCENARIO_AT.format(path=shown(path), line=line, message=message))


async def _yaml_as_json(request: Request) -> Request:
    """The same request with its YAML body as JSON; a 422 naming the line when the YAML cannot be a scenario."""
    raw = await request.body()
    try:
        text = parse_scenario_text(raw.decode("utf-8"), max_depth=request.app.state.settings.max_json_depth)
    except UnicodeDecodeError as error:
        raise FieldError(422, "body", MALFORMED_YAML.format(message=f"not valid UTF-8 at byte {error.start}")) from None
    except ScenarioError as error:
        if error.path == "<yaml>":
            raise FieldError(422, "body", MALFORMED_YAML.format(message=shown(error.message, 300))) from None
        raise FieldError(422, error.path, BAD_SCENARIO.format(path=shown(error.path), message=error.message)) from None
    body = json.dumps(text.data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    headers = [(k, v) for k, v in request.scope["headers"] if k not in (b"content-type", b"content-length")]
    headers += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    scope = {**request.scope, "headers": headers}
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    replayed = Request(scope, receive)
    replayed.state.scenario_text = text
    return replayed
