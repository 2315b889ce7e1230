"""``POST /v1/search``: ranked rulebook passages for a query."""

from __future__ import annotations

from pydantic import BaseModel, Field

from service.api.schemas.common import MAX_TEXT_LENGTH, RequestModel, SourcePublic, WholeNumber


class SearchRequest(RequestModel):
    game: str | None = Field(default=None, description="A game id; all games when omitted.")
    query: str = Field(min_length=1, max_length=MAX_TEXT_LENGTH)
    k: WholeNumber = Field(default=5, ge=1, le=20, description="How many passages to return.")


class SearchResultPublic(BaseModel):
    game: str
    section: str
    passage: str
    score: float
    source: SourcePublic


class SearchResponse(BaseModel):
    results: list[SearchResultPublic]
