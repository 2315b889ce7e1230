"""``GET /metrics``: Prometheus text exposition (see ``service.observability``)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from service.observability import metrics_payload

router = APIRouter(tags=["operations"])


@router.get("/metrics", include_in_schema=False)
def metrics() -> Response:
    payload, content_type = metrics_payload()
    return Response(content=payload, media_type=content_type)
