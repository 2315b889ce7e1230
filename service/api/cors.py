"""CORS from the live list of sites, and each site's games.

:class:`SiteCors` is Starlette's CORS middleware whose allowed origins are
:class:`service.sites.AllowedOrigins` (the ``ARBITRE_CORS_ORIGINS`` bootstrap
plus the ``sites`` table, read again after a short cache), so ``arbitre sites
add`` takes effect without a restart.

A site restricted to some games gets a ``403`` naming the game and the fix when
a request from its origin names another game: in the JSON body's ``game``, the
``game`` query parameter, or the path (``/v1/games/<game>``, ``/games/<game>``).
The refusal carries the CORS headers, so the widget can read it and tell the
page's developer. Requests without an ``Origin`` (servers, the CLI) are not
restricted: the list scopes publishers' embeds, it does not authenticate anyone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse

from service.api.errors import shown
from service.sites import AllowedOrigins

__all__ = ["GAME_NOT_ALLOWED", "SiteCors", "add_sites_fix"]

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

GAME_NOT_ALLOWED = "Origin {origin} may ask about {games} only, not {game}; fix: {fix}"
CHECK_PATH = "/v1/widget/check"
"""Answers a refused site why; never refused itself."""
_GAME_IN_PATH = re.compile(r"^/(?:v1/games|games)/([^/]+)")


def add_sites_fix(origin: str, games: tuple[str, ...] | None = None) -> str:
    """The command (or admin call) that allows ``origin`` for ``games`` (None: every game)."""
    option = f" --games {','.join(games)}" if games else ""
    return f"`arbitre sites add {origin}{option}` (or POST /v1/sites with the admin token)"


class SiteCors(CORSMiddleware):
    """CORS for the origins of ``origins``, refusing a restricted site's other games with a 403."""

    def __init__(self, app: Any, *, origins: AllowedOrigins) -> None:
        super().__init__(app, allow_origins=[], allow_methods=["GET", "POST", "OPTIONS"], allow_headers=["*"])
        self.origins = origins

    def is_allowed_origin(self, origin: str) -> bool:
        return self.origins.policy(origin).allowed

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        origin = Headers(scope=scope).get("origin") if scope["type"] == "http" else None
        if origin is None or scope["method"] == "OPTIONS":
            await super().__call__(scope, receive, send)
            return
        policy = self.origins.policy(origin)
        if not policy.allowed or policy.games is None:
            await super().__call__(scope, receive, send)
            return
        game, receive = await _requested_game(scope, receive)
        if game is None or game in policy.games or scope.get("path") == CHECK_PATH:
            await super().__call__(scope, receive, send)
            return
        detail = GAME_NOT_ALLOWED.format(origin=policy.origin, games=", ".join(policy.games), game=shown(repr(game)),
                                         fix=add_sites_fix(policy.origin, (*policy.games, game)))
        refusal = JSONResponse({"detail": detail, "errors": [{"field": "game", "message": detail}]}, status_code=403,
                               headers={"Access-Control-Allow-Origin": origin, "Vary": "Origin"})
        await refusal(scope, receive, send)


async def _requested_game(scope: MutableMapping[str, Any], receive: Receive) -> tuple[str | None, Receive]:
    """The game a request names, and a ``receive`` that still hands the app the whole body."""
    in_path = _GAME_IN_PATH.match(scope.get("path", ""))
    if in_path:
        return in_path.group(1), receive
    in_query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("game")
    if in_query:
        return in_query[0], receive
    if scope["method"] != "POST":
        return None, receive
    # The body is already bounded (BodyGuard runs first): read it whole, then replay it.
    messages, more = [], True
    while more:
        message = await receive()
        messages.append(message)
        more = message.get("type") == "http.request" and message.get("more_body", False)
    body = b"".join(message.get("body", b"") for message in messages if message.get("type") == "http.request")

    async def replayed() -> Message:
        return messages.pop(0) if messages else await receive()

    try:
        game = json.loads(body).get("game")
    except (ValueError, AttributeError):
        game = None
    return (game if isinstance(game, str) else None), replayed
