"""``GET /v1/games``: the indexed rulebooks."""

from __future__ import annotations

from fastapi import APIRouter

from service.api.schemas import GamePublic, GamesPublic
from service.api.schemas.errors import error_responses
from service.deps import RefereeDep

router = APIRouter(prefix="/v1", tags=["games"], responses=error_responses(503))


@router.get("/games", response_model=GamesPublic)
def list_games(referee: RefereeDep) -> GamesPublic:
    games = [
        GamePublic(id=info.id, title=info.title, language=info.language, players=info.players, sections=info.sections)
        for info in referee.games()
    ]
    return GamesPublic(data=games, count=len(games))
