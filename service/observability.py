"""Prometheus metrics, request ids and JSON logs for the HTTP service.

- ``/metrics`` (``service/api/routes/metrics.py``) exposes, in Prometheus' text format:
  ``arbitre_http_request_duration_seconds{method,route,status}`` (route is the path
  template, ``unmatched`` for unknown paths, so the label set stays small),
  ``arbitre_answers_total{game,outcome}`` with outcome ``ruled``, ``abstained`` or
  ``engine_checked``, ``arbitre_model_seconds`` (query embedding, per model call) and
  ``arbitre_engine_seconds`` (template matching plus the engine run, per question).
- Every response carries ``X-Request-ID`` (the client's, when it is a short token,
  else a new uuid4 hex); every log record made while serving it carries ``request_id``.
- ``configure_json_logs`` turns every log record into one JSON object per line.

Several uvicorn workers: ``arbitre serve --workers N`` sets ``PROMETHEUS_MULTIPROC_DIR``
before the workers start, and ``/metrics`` then sums the workers' files.
"""

from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import time
import uuid
from typing import Any

import numpy as np
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client import multiprocess

__all__ = [
    "ANSWERS",
    "ENGINE_SECONDS",
    "MODEL_SECONDS",
    "REQUEST_SECONDS",
    "JsonLogFormatter",
    "ObservabilityMiddleware",
    "TimedEmbedder",
    "TimedGrounder",
    "answer_outcome",
    "configure_json_logs",
    "metrics_payload",
    "observe_answer",
    "request_id",
]

_LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.02, 0.035, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
REQUEST_SECONDS = Histogram(
    "arbitre_http_request_duration_seconds", "HTTP request latency, by route template",
    ["method", "route", "status"], buckets=_LATENCY_BUCKETS,
)
ANSWERS = Counter("arbitre_answers_total", "Answers to /v1/ask, by game and outcome", ["game", "outcome"])
MODEL_SECONDS = Histogram("arbitre_model_seconds", "Embedding model time per call", buckets=_LATENCY_BUCKETS)
ENGINE_SECONDS = Histogram(
    "arbitre_engine_seconds", "Template matching and engine time per question", buckets=_LATENCY_BUCKETS
)

_REQUEST_ID = contextvars.ContextVar("arbitre_request_id", default=None)
_CLIENT_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_ACCESS_LOG = logging.getLogger("arbitre.access")


def request_id() -> str | None:
    """The id of the request being served in this context, or None outside a request."""
    return _REQUEST_ID.get()


class ObservabilityMiddleware:
    """ASGI middleware: request id, latency histogram, one structured access-log record per request."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _CLIENT_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        token = _REQUEST_ID.set(rid)
        status = [500]
        started = time.perf_counter()

        async def send_with_id(message: dict) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            REQUEST_SECONDS.labels(scope["method"], route, str(status[0])).observe(seconds)
            _ACCESS_LOG.info(
                "request", extra={"request_id": rid, "method": scope["method"], "path": scope["path"], "route": route,
                                  "status": status[0], "duration_ms": round(seconds * 1000, 2)},
            )
            _REQUEST_ID.reset(token)


def answer_outcome(answer: Any) -> str:
    """``engine_checked`` when an engine verdict leads the answer, else ``abstained`` or ``ruled``."""
    if getattr(answer, "engine_check", None) is not None:
        return "engine_checked"
    return "abstained" if answer.abstained else "ruled"


def observe_answer(game: str, answer: Any) -> None:
    ANSWERS.labels(game, answer_outcome(answer)).inc()


class TimedEmbedder:
    """An embedder whose calls are timed into ``arbitre_model_seconds``; otherwise the same embedder."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name

    def warm_up(self) -> None:
        self.inner.warm_up()

    def embed(self, texts: list[str]) -> np.ndarray:
        started = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            MODEL_SECONDS.observe(time.perf_counter() - started)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Queries through the inner embedder's query encoder when it has one (``index.onnx_embedder``)."""
        started = time.perf_counter()
        try:
            return getattr(self.inner, "embed_queries", self.inner.embed)(texts)
        finally:
            MODEL_SECONDS.observe(time.perf_counter() - started)


class TimedGrounder:
    """A grounder whose engine checks (``attempt``, which the referee calls, and ``check``) are timed into
    ``arbitre_engine_seconds``; other attributes pass through."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def check(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed(self.inner.check, args, kwargs)

    def attempt(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed(self.inner.attempt, args, kwargs)

    @staticmethod
    def _timed(method: Any, args: tuple, kwargs: dict) -> Any:
        started = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            ENGINE_SECONDS.observe(time.perf_counter() - started)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def metrics_payload() -> tuple[bytes, str]:
    """The exposition text and its content type; summed over workers in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


_STANDARD_FIELDS = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


class JsonLogFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, request_id and any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or request_id(),
        }
        entry |= {key: value for key, value in record.__dict__.items() if key not in _STANDARD_FIELDS}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


JsonLogFormatter.converter = time.gmtime


def configure_json_logs(level: int = logging.INFO) -> None:
    """Send every record (the service's and uvicorn's) to stderr as JSON lines; idempotent."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLogFormatter())
    handler.set_name("arbitre-json")
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if h.get_name() != "arbitre-json"] + [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True
    # Our access record replaces uvicorn's (it has the route, the duration and the request id).
    logging.getLogger("uvicorn.access").disabled = True
