"""Security headers on every response, set in one place.

- ``X-Content-Type-Options: nosniff`` everywhere: a JSON error that quotes
  ``<script>`` is never sniffed into HTML.
- ``Referrer-Policy: no-referrer``: answers and deep links leak nothing.
- ``Content-Security-Policy``: responses that are not HTML get
  ``default-src 'none'; frame-ancestors 'none'``; an HTML page keeps the policy
  its route set (the viewer's allows its own script by hash) and gets
  ``frame-ancestors`` from ``ARBITRE_FRAME_ANCESTORS`` (``'self'`` by default;
  add the publisher origins that frame the rules viewer). A page without a
  policy (the OpenAPI docs, which load their own scripts) gets only ``frame-ancestors``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

__all__ = ["SecurityHeaders", "page_frame_ancestors"]

Message = MutableMapping[str, Any]
ASGIApp = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]

NOT_A_PAGE_POLICY = b"default-src 'none'; frame-ancestors 'none'"


def page_frame_ancestors(ancestors: Sequence[str]) -> bytes:
    """The ``frame-ancestors`` directive for HTML pages (``'none'`` when the list is empty)."""
    return b"frame-ancestors " + (" ".join(ancestors) or "'none'").encode("ascii")


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp, *, frame_ancestors: Sequence[str]) -> None:
        self.app = app
        self.frame_ancestors = page_frame_ancestors(frame_ancestors)

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = self._secured(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _secured(self, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        names = {name.lower(): index for index, (name, _) in enumerate(headers)}
        content_type = headers[names[b"content-type"]][1] if b"content-type" in names else b""
        if b"content-security-policy" in names:
            index = names[b"content-security-policy"]
            policy = headers[index][1]
            if b"frame-ancestors" not in policy:
                headers[index] = (headers[index][0], policy.rstrip(b"; ") + b"; " + self.frame_ancestors)
        elif content_type.startswith(b"text/html"):
            headers.append((b"content-security-policy", self.frame_ancestors))
        else:
            headers.append((b"content-security-policy", NOT_A_PAGE_POLICY))
        if b"x-content-type-options" not in names:
            headers.append((b"x-content-type-options", b"nosniff"))
        headers.append((b"referrer-policy", b"no-referrer"))
        return headers
