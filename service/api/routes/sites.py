"""``/v1/sites``: the origins allowed to embed the widget, managed live (admin token).

``GET`` lists them (the ``ARBITRE_CORS_ORIGINS`` bootstrap first, ``source:
"environment"``), ``POST`` adds or updates one, ``DELETE ?origin=`` removes one.
A change applies to this process at once and to other processes within
``ARBITRE_SITES_CACHE_S`` seconds. ``arbitre sites`` does the same from a shell.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response, status
from pydantic import BaseModel, ConfigDict, Field, field_validator

from service.api.auth import require_admin
from service.api.errors import FieldError, shown
from service.api.routes.viewer import corpus_rulebooks
from service.api.schemas.errors import ErrorPublic, error_responses
from service.deps import SettingsDep
from service.sites import Site, SiteStore, normalize_origin

__all__ = ["SiteCreate", "SitePublic", "SitesPublic", "router", "unknown_games"]

router = APIRouter(prefix="/v1/sites", tags=["sites"], dependencies=[Depends(require_admin)],
                   responses=error_responses(401, 403, 422))

UNKNOWN_GAMES = "Invalid field 'games': unknown game {games}; known games: {known}"
NOT_STORED = "No stored site {origin}"
FROM_ENVIRONMENT = "Site {origin} comes from ARBITRE_CORS_ORIGINS; remove it there and restart"


class SiteCreate(BaseModel):
    """An origin to allow, and the games its widgets may ask about (empty or omitted: every game)."""

    model_config = ConfigDict(extra="forbid")

    origin: str = Field(max_length=300, description="`scheme://host[:port]`, as browsers send it in `Origin`.")
    games: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(default_factory=list, max_length=100)

    @field_validator("origin")
    @classmethod
    def _normalized(cls, origin: str) -> str:
        return normalize_origin(origin)


class SitePublic(BaseModel):
    origin: str
    games: list[str] = Field(description="The games this site may ask about; empty for every game.")
    added_at: str
    source: str = Field(description="`database`, or `environment` for an ARBITRE_CORS_ORIGINS bootstrap origin.")


class SitesPublic(BaseModel):
    data: list[SitePublic]
    count: int


def unknown_games(games: list[str] | tuple[str, ...], corpus_dir) -> str | None:
    """The refusal for games the corpus does not hold, or None when all exist."""
    known = corpus_rulebooks(corpus_dir)
    missing = [game for game in games if game not in known]
    if not missing:
        return None
    return UNKNOWN_GAMES.format(games=shown(", ".join(map(repr, missing))), known=", ".join(known))


@router.get("", response_model=SitesPublic)
def list_sites(request: Request) -> SitesPublic:
    sites = request.app.state.sites.sites()
    return SitesPublic(data=[_public(site) for site in sites], count=len(sites))


@router.post("", status_code=status.HTTP_201_CREATED, response_model=SitePublic)
def add_site(body: SiteCreate, settings: SettingsDep, request: Request) -> SitePublic:
    refusal = unknown_games(body.games, settings.corpus_dir)
    if refusal:
        raise FieldError(422, "games", refusal)
    site = SiteStore.for_settings(settings).add(body.origin, body.games)
    request.app.state.sites.invalidate()
    return _public(site)


@router.delete("", status_code=status.HTTP_204_NO_CONTENT, response_class=Response,
               responses={404: {"model": ErrorPublic, "description": "No stored site with this origin"}})
def remove_site(
    settings: SettingsDep, request: Request, origin: Annotated[str, Query(min_length=1, max_length=300)],
) -> Response:
    try:
        normalized = normalize_origin(origin)
    except ValueError as error:
        raise FieldError(422, "origin", f"Invalid field 'origin': {shown(str(error), 200)}") from None
    if not SiteStore.for_settings(settings).remove(normalized):
        bootstrap = any(site.origin == normalized for site in request.app.state.sites.bootstrap)
        raise FieldError(404, "origin", (FROM_ENVIRONMENT if bootstrap else NOT_STORED).format(origin=normalized))
    request.app.state.sites.invalidate()
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _public(site: Site) -> SitePublic:
    return SitePublic(origin=site.origin, games=list(site.games), added_at=site.added_at, source=site.source)
