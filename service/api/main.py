"""Build the FastAPI application: settings, referee, CORS (from the live sites), error handlers and every router.

Routers are discovered in ``service/api/routes/``, so adding a resource never
edits this file. The index loads in a background thread started by the
lifespan: ``/healthz`` answers at once and ``/readyz`` turns 200 when loaded.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import math
import pkgutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi

from service.api import routes
from service.api.body import BodyGuard
from service.api.cors import SiteCors
from service.answer_ids import AnswerIds
from service.api.errors import install_error_handlers
from service.api.rate_limit import RateLimiter
from service.api.readiness import mark_failed, mark_ready, unmark_ready
from service.api.security import SecurityHeaders
from service.api.schemas.errors import errors_as_json
from service.api.work_pool import WorkPool
from service.core.config import Settings, get_settings
from service.core.retriever import build_retriever
from service.grounding import Grounder
from service.observability import ObservabilityMiddleware, TimedGrounder, configure_json_logs
from service.referee import Referee, RetrieverLike
from service.sites import AllowedOrigins

_logger = logging.getLogger(__name__)

FROZEN_YOUNG_THRESHOLD = 20_000
"""Net new container objects between two young collections once the heap is frozen (CPython's default: 700).
A first-seen ``/v1/ask`` leaves ~100, so 700 ran a young collection every ~7 requests and an older one every
~70; served under 8 clients the collector took 0.15-0.4 ms of CPU per request, 0.02 ms at 20,000 (docs/scale.md,
session 11). The cyclic garbage it waits for is a few MB at most; reference counting frees the rest at once."""


def create_app(settings: Settings | None = None, retriever: RetrieverLike | None = None) -> FastAPI:
    """The Arbitre HTTP application.

    Args:
        settings: defaults to the ``ARBITRE_*`` environment (:func:`get_settings`).
        retriever: defaults to an ``index.Retriever`` built from ``settings``;
            tests pass a test double with the same contract.

    Returns:
        The app; its lifespan warms the retriever up in the background.
    """
    settings = settings or get_settings()
    referee = Referee(
        retriever or build_retriever(settings), settings.corpus_dir, settings.ask_citations,
        grounder=TimedGrounder(Grounder.from_settings(settings)),
    )
    if settings.log_format == "json":
        configure_json_logs()
    app = FastAPI(
        title="Arbitre",
        summary="Rules referee for board and card games: cited answers from French rulebooks.",
        version="0.1.0",
        lifespan=_lifespan,
    )
    app.state.settings = settings
    app.state.referee = referee
    app.state.warm_up_error = None
    # One pool for the app's life: its worker processes end with the server (concurrent.futures' exit hook).
    app.state.scenario_pool = scenario_pool(settings)
    secret = settings.answer_id_secret
    app.state.answer_ids = AnswerIds(secret.get_secret_value().encode("utf-8") if secret else None)
    app.state.rate_limiters = {
        "feedback": RateLimiter(per_minute=settings.feedback_per_minute, burst=settings.feedback_burst),
        "scenario": RateLimiter(per_minute=settings.scenarios_per_minute, burst=settings.scenarios_burst),
    }
    app.state.sites = AllowedOrigins(settings)
    app.add_middleware(SiteCors, origins=app.state.sites)
    app.add_middleware(BodyGuard, max_body_bytes=settings.max_body_bytes, max_depth=settings.max_json_depth)
    app.add_middleware(SecurityHeaders, frame_ancestors=settings.frame_ancestors)
    app.add_middleware(ObservabilityMiddleware)  # outermost: times and ids every response, errors included
    install_error_handlers(app)
    # A trailing-slash redirect would be built from the client's Host header: no redirects at all.
    app.router.redirect_slashes = False
    for router in discover_routers():
        app.include_router(router)
    app.openapi_schema = None
    app.openapi = lambda: app.openapi_schema or _documented(app)  # type: ignore[method-assign]
    return app


def _documented(app: FastAPI) -> dict:
    app.openapi_schema = errors_as_json(get_openapi(title=app.title, version=app.version, summary=app.summary,
                                                    routes=app.routes))
    return app.openapi_schema


def discover_routers() -> list[APIRouter]:
    """Every ``router`` exported by a module of ``service.api.routes``, by module name."""
    found = []
    for module_info in sorted(pkgutil.iter_modules(routes.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"{routes.__name__}.{module_info.name}")
        router = getattr(module, "router", None)
        if isinstance(router, APIRouter):
            found.append(router)
    return found


def scenario_pool(settings: Settings) -> WorkPool:
    """The threads that run scenarios, with the queue limit past which runs get a 429."""
    return WorkPool(workers=settings.scenario_workers, queue_limit=settings.scenario_queue,
                    retry_after_s=math.ceil(settings.scenario_time_budget_s))


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    # Fewer request threads than anyio's 40: each holds model buffers and its own malloc arena.
    anyio.to_thread.current_default_thread_limiter().total_tokens = app.state.settings.request_threads
    warm_up = asyncio.create_task(asyncio.to_thread(_warm_up, app))
    yield
    unmark_ready(app.state.settings.ready_dir)
    if not warm_up.done():
        _logger.info("shutting down while the index is still loading")


def _warm_up(app: FastAPI) -> None:
    try:
        app.state.referee.warm_up()
        if app.state.settings.freeze_heap:
            gc.collect()
            gc.freeze()  # what warm-up loaded lives as long as the process: full collections need not walk it
            gc.set_threshold(FROZEN_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        mark_ready(app.state.settings.ready_dir)
    except Exception as error:  # noqa: BLE001 - reported by /readyz instead of killing the server
        app.state.warm_up_error = f"{type(error).__name__}: {error}"
        mark_failed(app.state.settings.ready_dir, app.state.warm_up_error)
        _logger.exception("index warm-up failed; /readyz will answer 503 with the error until the server restarts")
