"""``GET /widget.js``: the embeddable FAQ widget, one self-contained script.

The source lives in ``service/static/widget/``: ``core.js`` (UI-free client),
``view.js`` (render layer), ``mount.js`` (custom element and one-tag mounting)
and ``styles.css``. They are joined once per process into one IIFE, with the
stylesheet as a string; the bundle is served gzipped when the client accepts
it, with an ETag and a short cache lifetime so a publisher's page picks up a new
release within minutes while repeat loads cost a 304.

``GET /v1/widget/check?origin=…&game=…`` tells a page's developer why the
widget is refused there (origin not allowed, unknown game, game not allowed for
that site) and what fixes it; the widget calls it after a refusal and writes
the answer to the browser console.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from service.api.cors import add_sites_fix
from service.api.errors import shown
from service.api.routes.viewer import corpus_rulebooks
from service.api.schemas.errors import error_responses
from service.deps import SettingsDep
from service.sites import Site, SitePolicy, normalize_origin

__all__ = ["WidgetBundle", "WidgetCheckPublic", "build_bundle", "router"]

WIDGET_SOURCE_DIR = Path(__file__).resolve().parents[2] / "static" / "widget"
_SCRIPTS = ("core.js", "view.js", "mount.js")
_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400"
_CONTENT_TYPE = "text/javascript; charset=utf-8"

router = APIRouter(tags=["widget"])


@dataclass(frozen=True)
class WidgetBundle:
    """The widget script, its gzipped form and its ETag."""

    script: bytes
    gzipped: bytes
    etag: str


def build_bundle(source_dir: Path = WIDGET_SOURCE_DIR) -> WidgetBundle:
    """Join the widget sources into one IIFE; the stylesheet becomes the ``STYLES`` string."""
    styles = (source_dir / "styles.css").read_text(encoding="utf-8")
    parts = [f"var STYLES = {json.dumps(styles, ensure_ascii=False)};"]
    parts += [(source_dir / name).read_text(encoding="utf-8") for name in _SCRIPTS]
    script = ('(function () {\n"use strict";\n' + "\n".join(parts) + "})();\n").encode("utf-8")
    # mtime=0 keeps the gzipped bytes identical across processes.
    gzipped = gzip.compress(script, compresslevel=9, mtime=0)
    return WidgetBundle(script, gzipped, '"' + hashlib.sha256(script).hexdigest()[:20] + '"')


@cache
def _bundle() -> WidgetBundle:
    return build_bundle()


@router.get("/widget.js", summary="The embeddable FAQ widget (Web Component)", response_class=Response, responses={
    200: {"description": "The script", "content": {"text/javascript": {"schema": {"type": "string"}}}},
    304: {"description": "Not modified since the ETag in If-None-Match"},
})
def widget_script(request: Request) -> Response:
    bundle = _bundle()
    headers = {"Cache-Control": _CACHE_CONTROL, "ETag": bundle.etag, "Vary": "Accept-Encoding",
               "X-Content-Type-Options": "nosniff"}
    if bundle.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(bundle.gzipped, media_type=_CONTENT_TYPE, headers={**headers, "Content-Encoding": "gzip"})
    return Response(bundle.script, media_type=_CONTENT_TYPE, headers=headers)


NULL_ORIGIN = ("This page's origin is 'null' (a file:// page or a sandboxed frame), which cannot be allowed;"
               " serve the page over http(s).")
ORIGIN_REFUSED = "Origin {origin} is not allowed to use this Arbitre server."
GAME_UNKNOWN = "Game {game} does not exist on this server; known games: {known}."
GAME_REFUSED = "Origin {origin} may ask about {games} only, not {game}."


class WidgetCheckPublic(BaseModel):
    """Whether a widget on ``origin`` (asking about ``game``) works, and if not, why and how to fix it."""

    ok: bool = Field(description="True when the origin is allowed (and the game, when given, exists and is allowed).")
    origin: str = Field(description="The origin, normalized as browsers send it.")
    origin_allowed: bool
    game: str | None = None
    game_known: bool | None = Field(default=None, description="Null when no game was given.")
    game_allowed: bool | None = Field(default=None, description="Null when no game was given.")
    games: list[str] | None = Field(description="The games this origin may ask about; null for every game.")
    problems: list[str] = Field(description="One sentence per problem, for the page's developer.")
    fix: str | None = Field(description="What to run (or change) to fix them; null when ok.")


@router.get("/v1/widget/check", response_model=WidgetCheckPublic, responses=error_responses(422),
            summary="Why a widget on this origin (and game) works or not; callable from any page")
def widget_check(
    request: Request, settings: SettingsDep, response: Response,
    origin: Annotated[str, Query(min_length=1, max_length=300, description="The page's `location.origin`.")],
    game: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
) -> WidgetCheckPublic:
    # Any page may ask (the widget calls this after a refusal): it reveals only what the fix needs.
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.headers["Cache-Control"] = "no-store"
    if origin == "null":
        return WidgetCheckPublic(ok=False, origin=origin, origin_allowed=False, game=game, games=None,
                                 problems=[NULL_ORIGIN], fix="serve the page over http(s)")
    try:
        normalized = normalize_origin(origin)
    except ValueError as error:  # what is being diagnosed: a problem to report, not a bad request
        return WidgetCheckPublic(ok=False, origin=shown(origin, 300), origin_allowed=False, game=game, games=None,
                                 problems=[f"{shown(str(error), 200)}."], fix="pass the page's location.origin")
    policy = request.app.state.sites.policy(normalized)
    if not policy.allowed and normalized == normalize_origin(f"{request.url.scheme}://{request.url.netloc}"):
        policy = SitePolicy(normalized, (Site(normalized, source="same origin"),))  # the server's own pages need no CORS
    known = corpus_rulebooks(settings.corpus_dir)
    game_known = None if game is None else game in known
    game_allowed = None if game is None else bool(game_known) and (policy.games is None or game in policy.games)
    problems, fix = [], None
    if game_known is False:
        problems.append(GAME_UNKNOWN.format(game=shown(repr(game)), known=", ".join(known)))
        fix = f"set the widget's game to one of: {', '.join(known)}"
    if not policy.allowed:
        problems.append(ORIGIN_REFUSED.format(origin=normalized))
        fix = fix or add_sites_fix(normalized, (game,) if game_known else None)
    elif game_known and not game_allowed:
        problems.append(GAME_REFUSED.format(origin=normalized, games=", ".join(policy.games or ()), game=repr(game)))
        fix = add_sites_fix(normalized, (*(policy.games or ()), game))
    return WidgetCheckPublic(
        ok=not problems, origin=normalized, origin_allowed=policy.allowed, game=game, game_known=game_known,
        game_allowed=game_allowed, games=list(policy.games) if policy.games is not None else None,
        problems=problems, fix=fix)
