"""Request bodies checked before any route sees them: size, UTF-8, JSON syntax, depth, Unicode.

:class:`BodyGuard` is a pure ASGI middleware. It reads the body of every
request (refusing it with 413 past ``max_body_bytes``, before buffering more),
and for a JSON body it decodes the bytes strictly, parses them, and walks the
value: nesting deeper than ``max_depth``, a lone surrogate (``"\\ud800"``, valid
JSON but not text that can be stored or sent back) or a ``NaN``/``Infinity``
literal (not JSON) is a 422 naming the field. The checked bytes are then
replayed to the application unchanged, so routes parse them as before.

The refusals have the shape of every validation error
(``{"detail", "errors": [{"field", "message"}]}``) and quote at most a short
prefix of the bad input.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from service.api.errors import MALFORMED_JSON, shown

__all__ = ["BODY_TOO_LARGE", "BodyGuard", "BodyProblem", "check_json_body"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODY_TOO_LARGE = "Request body too large: at most {limit} bytes, got {size}"
TOO_DEEP = "Invalid field '{field}': nested deeper than {limit} levels"
LONE_SURROGATE = "Invalid field '{field}': lone surrogate {char} at character {position}; text must be valid Unicode"
NOT_UTF8 = "not valid UTF-8 at byte {position}"
NOT_A_NUMBER = "{literal} is not a JSON number"


@dataclass(frozen=True)
class BodyProblem:
    """Why a body is refused: the HTTP status, the field it concerns and the sentence."""

    status: int
    field: str
    detail: str


def check_json_body(raw: bytes, *, max_depth: int) -> BodyProblem | None:
    """The first problem of a JSON body, or None when routes can safely parse it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return BodyProblem(422, "body", MALFORMED_JSON.format(message=NOT_UTF8.format(position=error.start)))
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        return BodyProblem(422, "body", MALFORMED_JSON.format(message=error.msg + f" at line {error.lineno} column {error.colno}"))
    except ValueError as error:
        return BodyProblem(422, "body", MALFORMED_JSON.format(message=str(error)))
    except RecursionError:
        return BodyProblem(422, "body", TOO_DEEP.format(field="body", limit=max_depth))
    return _check_value(value, max_depth)


class BodyGuard:
    """ASGI middleware applying :func:`check_json_body` and the size cap to every HTTP request.

    Args:
        app: the wrapped application.
        max_body_bytes: the largest body accepted; a larger ``Content-Length`` is
            refused before reading, a longer streamed body as soon as it passes the cap.
        max_depth: the deepest nesting of objects and arrays accepted.
    """

    def __init__(self, app: ASGIApp, *, max_body_bytes: int, max_depth: int) -> None:
        if max_body_bytes < 1 or max_depth < 1:
            raise ValueError(f"max_body_bytes, max_depth: expected positive integers, got {max_body_bytes}, {max_depth}")
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = {name.lower(): value for name, value in scope.get("headers", [])}
        declared = headers.get(b"content-length", b"").strip()
        if declared.isdigit() and int(declared) > self.max_body_bytes:
            await _refuse(send, BodyProblem(413, "body", BODY_TOO_LARGE.format(limit=self.max_body_bytes,
                                                                                size=int(declared))))
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                await _refuse(send, BodyProblem(413, "body", BODY_TOO_LARGE.format(
                    limit=self.max_body_bytes, size=f"more than {self.max_body_bytes}")))
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        content_type = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        if body and (content_type == b"application/json" or content_type.endswith(b"+json")):
            problem = check_json_body(body, max_depth=self.max_depth)
            if problem is not None:
                await _refuse(send, problem)
                return
        await self.app(scope, _replay(body, receive), send)


def _check_value(value: Any, max_depth: int) -> BodyProblem | None:
    """Walk the parsed body iteratively (no recursion limit to hit) checking depth and strings."""
    pending: list[tuple[Any, str, int]] = [(value, "", 0)]
    while pending:
        node, path, depth = pending.pop()
        if isinstance(node, str):
            problem = _surrogate_problem(node, path or "body")
            if problem:
                return problem
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= max_depth:
            field = _shown_path(path or "body")
            return BodyProblem(422, field, TOO_DEEP.format(field=field, limit=max_depth))
        if isinstance(node, dict):
            for key, item in node.items():
                child = f"{path}.{key}" if path else key
                problem = _surrogate_problem(key, child)
                if problem:
                    return problem
                pending.append((item, child, depth + 1))
        else:
            pending.extend((item, f"{path}[{index}]", depth + 1) for index, item in enumerate(node))
    return None


def _surrogate_problem(text: str, path: str) -> BodyProblem | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        char = text[error.start].encode("unicode_escape").decode("ascii")
        field = _shown_path(path)
        return BodyProblem(422, field, LONE_SURROGATE.format(field=field, char=char, position=error.start))
    return None


def _shown_path(path: str) -> str:
    """A field path safe to quote: surrogates escaped, at most a short prefix."""
    return shown(path.encode("utf-8", "backslashreplace").decode("utf-8"))


def _refuse_constant(literal: str) -> None:
    raise ValueError(NOT_A_NUMBER.format(literal=literal))


def _finite_float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise ValueError(NOT_A_NUMBER.format(literal=shown(literal)) + " (out of range)")
    return value


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the already-read body to the app once, then defers to the client."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _refuse(send: Send, problem: BodyProblem) -> None:
    content = json.dumps({"detail": problem.detail, "errors": [{"field": problem.field, "message": problem.detail}]},
                         ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": problem.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]})
    await send({"type": "http.response.body", "body": content})
