"""A response model as the JSON response FastAPI would send, serialised in the handler's own thread.

A plain ``def`` route that returns a Pydantic model is finished by FastAPI on the event
loop: the model is validated again in a second thread hand-off, then dumped. A route
whose work already runs in the thread pool returns :func:`model_response` instead: the
same bytes (Pydantic's ``dump_json`` with FastAPI's defaults) and the same headers,
without the second hand-off (docs/scale.md, session 8). Keep ``response_model=`` on
the route: the OpenAPI schema still comes from it.
"""

from __future__ import annotations

from fastapi import Response
from pydantic import BaseModel

__all__ = ["model_response"]


def model_response(model: BaseModel, status_code: int = 200) -> Response:
    """``model`` as FastAPI serialises a returned ``response_model`` (by alias, nothing excluded)."""
    return Response(content=model.model_dump_json(by_alias=True), status_code=status_code,
                    media_type="application/json")
