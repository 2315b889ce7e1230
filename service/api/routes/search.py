"""``POST /v1/search``: ranked rulebook passages for a query, in one game or all."""

from __future__ import annotations

from fastapi import APIRouter, Response

from service.api.schemas import SearchRequest, SearchResponse, SearchResultPublic, SourcePublic
from service.api.model_json import model_response
from service.api.schemas.errors import error_responses
from service.deps import RefereeDep

router = APIRouter(prefix="/v1", tags=["search"], responses=error_responses(404, 413, 422, 503))


@router.post("/search", response_model=SearchResponse)
def search(request: SearchRequest, referee: RefereeDep) -> Response:
    hits = referee.search(request.query, request.game, request.k)
    return model_response(SearchResponse(
        results=[
            SearchResultPublic(
                game=hit.game,
                section=hit.section,
                passage=hit.passage,
                score=hit.score,
                source=SourcePublic(path=hit.source[0], start=hit.source[1], end=hit.source[2]),
            )
            for hit in hits
        ]
    ))
