"""The bodies of error responses, documented in OpenAPI exactly as :mod:`service.api.errors` sends them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = [
    "ErrorPublic", "FieldErrorPublic", "UnknownGamePublic", "ValidationErrorPublic", "error_responses", "errors_as_json",
]


class ErrorPublic(BaseModel):
    detail: str = Field(description="One readable sentence; quotes at most a short prefix of the bad input.")


class FieldErrorPublic(BaseModel):
    field: str = Field(description="Dotted path of the field (`body` for the whole body).")
    message: str


class ValidationErrorPublic(ErrorPublic):
    errors: list[FieldErrorPublic] = Field(description="Every invalid field; the first is also in `detail`.")


class UnknownGamePublic(ErrorPublic):
    known: list[str] = Field(description="The game ids that exist.")


_RESPONSES: dict[int, tuple[type[BaseModel], str]] = {
    401: (ErrorPublic, "Missing or wrong `Authorization: Bearer` token"),
    403: (ErrorPublic, "The operation is turned off on this server"),
    404: (UnknownGamePublic, "Unknown game; `known` lists the game ids"),
    413: (ValidationErrorPublic, "Request body over the size cap, or a scenario over its budget"),
    422: (ValidationErrorPublic, "Invalid request; `errors` names each bad field"),
    429: (ErrorPublic, "Too many requests from this client, or the scenario queue is full; see `Retry-After`"),
    503: (ErrorPublic, "Index not loaded yet; retry when /readyz answers 200"),
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route or router for these error statuses."""
    return {code: {"model": _RESPONSES[code][0], "description": _RESPONSES[code][1]} for code in codes}


def errors_as_json(openapi: dict[str, Any]) -> dict[str, Any]:
    """Document every 4xx/5xx body as ``application/json``, even on routes that serve HTML.

    FastAPI files a route's error models under the route's own media type; the
    error handlers always send JSON.
    """
    for path_item in openapi.get("paths", {}).values():
        for operation in path_item.values():
            for code, response in operation.get("responses", {}).items():
                content = response.get("content", {})
                if code[:1] in ("4", "5") and "text/html" in content and "application/json" not in content:
                    content["application/json"] = content.pop("text/html")
    return openapi
