"""``GET /v1/games``: the indexed rulebooks."""

from __future__ import annotations

from pydantic import BaseModel


class PlayersPublic(BaseModel):
    min: int
    max: int


class GamePublic(BaseModel):
    id: str
    title: str
    language: str
    players: PlayersPublic | None
    """None when the rulebook does not say."""
    sections: int
    """How many sections the rulebook has."""


class GamesPublic(BaseModel):
    data: list[GamePublic]
    count: int
