"""``/healthz`` (the process answers) and ``/readyz`` (the index is loaded)."""

from __future__ import annotations

from fastapi import APIRouter, Request, status
from fastapi.responses import JSONResponse

from service.api.errors import NOT_READY
from service.api.readiness import ready_workers, worker_failures
from service.api.schemas import HealthPublic
from service.api.schemas.errors import error_responses

router = APIRouter(tags=["health"])

WARM_UP_FAILED = "Index failed to load: {error}"
WORKER_FAILED = "Index failed to load in server worker {pid}: {error}"
WORKERS_WARMING = "{ready} of {workers} server workers ready; the others are still loading the index"


@router.get("/healthz", response_model=HealthPublic)
async def healthz() -> HealthPublic:
    return HealthPublic(status="ok")


@router.get("/readyz", response_model=HealthPublic, responses=error_responses(503))
async def readyz(request: Request) -> HealthPublic | JSONResponse:
    settings = request.app.state.settings
    ready = ready_workers(settings.ready_dir)
    if request.app.state.referee.ready and (ready is None or ready >= settings.workers):
        return HealthPublic(status="ready")
    error = request.app.state.warm_up_error
    other_failures = worker_failures(settings.ready_dir)
    if error:
        detail = WARM_UP_FAILED.format(error=error)
    elif other_failures:  # this worker may be ready, but the server never will be: say why, not "still loading"
        pid, error = min(other_failures.items())
        detail = WORKER_FAILED.format(pid=pid, error=error)
    elif request.app.state.referee.ready:
        detail = WORKERS_WARMING.format(ready=ready, workers=settings.workers)
    else:
        detail = NOT_READY
    return JSONResponse(status_code=status.HTTP_503_SERVICE_UNAVAILABLE, content={"detail": detail})
