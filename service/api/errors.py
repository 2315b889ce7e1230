"""Error responses: fixed messages, and validation errors that name the field.

Every client mistake is a 4xx whose ``detail`` is one readable sentence (tests
assert these verbatim); ``errors`` lists each invalid field when there are several.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from service.referee import UnknownGameError

NOT_READY = "Index not loaded yet; retry when /readyz answers 200"
INTERNAL_ERROR = "Internal error; the request was valid and the failure is ours"
MALFORMED_JSON = "Malformed JSON body: {message}"
INVALID_FIELD = "Invalid field '{field}': {message}; got {actual}"
MISSING_FIELD = "Missing field '{field}'"

_logger = logging.getLogger(__name__)
_MAX_SHOWN_INPUT = 60


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn validation and domain errors into 4xx responses."""
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(UnknownGameError, _unknown_game)
    app.add_exception_handler(Exception, _unexpected_error)


def describe_validation_error(error: dict) -> tuple[str, str]:
    """``(field, sentence)`` for one pydantic error of a request body, query or path."""
    location = [str(part) for part in error.get("loc", ())]
    if location and location[0] in ("body", "query", "path", "header"):
        location = location[1:] or location  # the request part is implied, unless it is all there is
    field = ".".join(location)
    if error.get("type") == "json_invalid":
        return "body", MALFORMED_JSON.format(message=error.get("ctx", {}).get("error", error.get("msg", "")))
    if error.get("type") == "missing":
        return field, MISSING_FIELD.format(field=field)
    actual = repr(error.get("input"))
    if len(actual) > _MAX_SHOWN_INPUT:
        actual = actual[:_MAX_SHOWN_INPUT] + "…"
    return field, INVALID_FIELD.format(field=field, message=error.get("msg", "invalid"), actual=actual)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    described = [describe_validation_error(error) for error in exc.errors()]
    return JSONResponse(
        status_code=status.HTTP_422_UNPROCESSABLE_CONTENT,
        content={
            "detail": described[0][1] if described else "Invalid request",
            "errors": [{"field": field, "message": message} for field, message in described],
        },
    )


async def _unknown_game(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, UnknownGameError)
    return JSONResponse(status_code=status.HTTP_404_NOT_FOUND, content={"detail": str(exc), "known": list(exc.known)})


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    _logger.exception("unhandled error on %s %s", request.method, request.url.path)
    return JSONResponse(status_code=status.HTTP_500_INTERNAL_SERVER_ERROR, content={"detail": INTERNAL_ERROR})
