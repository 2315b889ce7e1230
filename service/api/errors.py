"""Error responses: fixed messages, and validation errors that name the field.

Every client mistake is a 4xx whose ``detail`` is one readable sentence (tests
assert these verbatim); ``errors`` lists each invalid field when there are several.
Client input is quoted through :func:`shown` (a short prefix), and no detail
is longer than ``MAX_DETAIL_CHARS``, so a huge bad value never comes back whole.
The shapes are :mod:`service.api.schemas.errors`.
"""

from __future__ import annotations

import logging
import re

from fastapi import FastAPI, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from service.referee import UnknownGameError

__all__ = ["FieldError", "describe_validation_error", "install_error_handlers", "shown"]

NOT_READY = "Index not loaded yet; retry when /readyz answers 200"
INTERNAL_ERROR = "Internal error; the request was valid and the failure is ours"
MALFORMED_JSON = "Malformed JSON body: {message}"
INVALID_FIELD = "Invalid field '{field}': {message}; got {actual}"
MISSING_FIELD = "Missing field '{field}'"
UNKNOWN_GAME = "Unknown game {game}; known games: {known}"
MAX_SHOWN_INPUT = 60
MAX_DETAIL_CHARS = 500
_HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})

_logger = logging.getLogger(__name__)


class FieldError(Exception):
    """A domain refusal about one field, sent as ``{"detail", "errors": [{"field", "message"}]}``."""

    def __init__(self, status_code: int, field: str, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.field = field
        self.detail = detail
        self.headers = headers


def shown(text: str, limit: int = MAX_SHOWN_INPUT) -> str:
    """At most ``limit`` characters of ``text``, with ``…`` when cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn validation and domain errors into 4xx responses."""
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(UnknownGameError, _unknown_game)
    app.add_exception_handler(FieldError, _field_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected_error)


def describe_validation_error(error: dict) -> tuple[str, str]:
    """``(field, sentence)`` for one pydantic error of a request body, query or path."""
    location = [str(part) for part in error.get("loc", ())]
    if location and location[0] in ("body", "query", "path", "header"):
        location = location[1:] or location  # the request part is implied, unless it is all there is
    field = shown(".".join(location))
    if error.get("type") == "json_invalid":
        return "body", MALFORMED_JSON.format(message=error.get("ctx", {}).get("error", error.get("msg", "")))
    if error.get("type") == "missing":
        return field, MISSING_FIELD.format(field=field)
    actual = shown(repr(error.get("input")))
    return field, INVALID_FIELD.format(field=field, message=shown(error.get("msg", "invalid"), 200), actual=actual)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    described = [describe_validation_error(error) for error in exc.errors()[:20]]
    return JSONResponse(
        status_code=status.HTTP_422_UNPROCESSABLE_CONTENT,
        content={
            "detail": described[0][1] if described else "Invalid request",
            "errors": [{"field": field, "message": message} for field, message in described],
        },
    )


async def _unknown_game(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, UnknownGameError)
    detail = UNKNOWN_GAME.format(game=shown(repr(exc.game)), known=", ".join(exc.known))
    return JSONResponse(status_code=status.HTTP_404_NOT_FOUND, content={"detail": detail, "known": list(exc.known)})


async def _field_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, FieldError)
    detail = shown(exc.detail, MAX_DETAIL_CHARS)
    return JSONResponse(status_code=exc.status_code, headers=exc.headers,
                        content={"detail": detail, "errors": [{"field": shown(exc.field), "message": detail}]})


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
    headers = exc.headers
    if exc.status_code == status.HTTP_405_METHOD_NOT_ALLOWED:
        # Starlette's Allow names the methods of the first route on the path only; a path may have several.
        headers = {**(headers or {}), "Allow": _allowed_methods(request, (headers or {}).get("Allow", ""))}
    return JSONResponse(status_code=exc.status_code, headers=headers,
                        content={"detail": shown(detail, MAX_DETAIL_CHARS)})


def _allowed_methods(request: Request, given: str) -> str:
    """Every method the OpenAPI document lists for the request's path, else Starlette's ``given`` list."""
    methods: set[str] = set()
    for template, operations in request.app.openapi().get("paths", {}).items():
        pattern = re.sub(r"\\\{[^}]+?\\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, request.url.path):
            methods |= {method.upper() for method in operations if method in _HTTP_METHODS}
    return ", ".join(sorted(methods)) or given


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    _logger.exception("unhandled error on %s %s", request.method, shown(request.url.path))
    return JSONResponse(status_code=status.HTTP_500_INTERNAL_SERVER_ERROR, content={"detail": INTERNAL_ERROR})
