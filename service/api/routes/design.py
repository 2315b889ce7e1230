"""Designer tools over HTTP: ``POST /v1/games/{game}/gaps`` ranks a game's rulebook gaps by impact."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from engine.core.gaps import gap_impact, variants_of
from engine.core.registry import available_games
from engine.core.variants import parse_setting
from service.api.errors import FieldError, shown
from service.api.rate_limit import rate_limit
from service.api.routes.engine import no_engine, run_in_pool
from service.api.schemas.errors import error_responses
from service.deps import SettingsDep

router = APIRouter(prefix="/v1", tags=["designers"])

TOO_MANY = ("Too many games: {games} paired games x {runs} runs (baseline + {variants} options) = {total} "
            "random games; at most {limit} per request (use `arbitre gaps` for more)")


class GapsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: int | None = Field(default=None, ge=1, le=20, description="Default: the game's minimum.")
    games: int = Field(default=50, ge=1, le=100_000, description="Paired games per option (seeds seed, seed+1, ...).")
    seed: int = Field(default=0, ge=0, le=2**31 - 1)
    variant: dict[str, str] = Field(default_factory=dict, max_length=50,
                                    description="Baseline overrides: assumption id -> option (as `--set` takes it).")
    only: list[str] | None = Field(default=None, max_length=50, description="Measure only these assumptions.")


@router.post("/games/{game}/gaps", responses=error_responses(404, 422, 429, 503),
             dependencies=[Depends(rate_limit("scenario"))])
async def gaps(game: str, body: GapsRequest, request: Request, settings: SettingsDep) -> dict[str, Any]:
    """Play the same seeded random games under each option of each multi-option assumption and rank them
    by how often the winners change (Wilson 95% intervals). Random playouts are not strong play."""
    games = available_games()
    if game not in games:
        return no_engine(game)  # type: ignore[return-value]
    game_class = games[game]
    players = body.players or game_class.min_players
    try:
        overrides = dict(parse_setting(game_class, f"{key}={value}") for key, value in body.variant.items())
    except ValueError as error:
        raise FieldError(422, "variant", shown(str(error).removeprefix("--set: ").removeprefix("--set "))) from None
    try:
        game_class(players, None, overrides)
    except ValueError as error:
        raise FieldError(422, "players", shown(str(error))) from None
    try:
        variants = variants_of(game_class, overrides, body.only)
    except ValueError as error:
        raise FieldError(422, "only", shown(str(error))) from None
    total = body.games * (len(variants) + 1)
    if total > settings.gaps_max_playouts:
        raise FieldError(422, "games", TOO_MANY.format(games=body.games, runs=len(variants) + 1,
                                                       variants=len(variants), total=total,
                                                       limit=settings.gaps_max_playouts))
    return await run_in_pool(request, _report, game_class, players, body.games, body.seed, overrides, body.only)


def _report(game_class: type, players: int, games: int, seed: int, overrides: dict[str, Any],
            only: list[str] | None) -> dict[str, Any]:
    return gap_impact(game_class, players, games, seed, base_overrides=overrides, only=only).to_dict()
