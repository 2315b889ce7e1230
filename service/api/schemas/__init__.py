"""Pydantic request and response schemas, one module per resource (HTTP edge only)."""

from service.api.schemas.ask import AskRequest, AskResponse, CitationPublic, EngineCheckPublic, ExplainPublic
from service.api.schemas.common import MAX_TEXT_LENGTH, RequestModel, SourcePublic
from service.api.schemas.games import GamePublic, GamesPublic, PlayersPublic
from service.api.schemas.health import HealthPublic
from service.api.schemas.search import SearchRequest, SearchResponse, SearchResultPublic

__all__ = [
    "AskRequest",
    "AskResponse",
    "CitationPublic",
    "EngineCheckPublic",
    "ExplainPublic",
    "GamePublic",
    "GamesPublic",
    "HealthPublic",
    "MAX_TEXT_LENGTH",
    "PlayersPublic",
    "RequestModel",
    "SearchRequest",
    "SearchResponse",
    "SearchResultPublic",
    "SourcePublic",
]
