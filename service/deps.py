"""``Annotated`` dependencies that route handlers list as parameters.

The application keeps one :class:`~service.core.config.Settings` and one
:class:`~service.referee.Referee` on ``app.state`` (set by
:func:`service.api.main.create_app`); these aliases hand them to handlers.
Handlers that need the index get a 503 until it is loaded.

The dependencies are ``async def``: they only read ``app.state``, and FastAPI runs a plain
``def`` dependency in the thread pool, one thread hand-off per dependency per request
(docs/scale.md, session 8).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request, status

from service.api.errors import NOT_READY
from service.core.config import Settings
from service.referee import Referee

__all__ = ["RefereeDep", "RetrieverDep", "SettingsDep", "get_referee", "get_retriever", "get_settings"]


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


async def get_referee(request: Request) -> Referee:
    referee: Referee = request.app.state.referee
    if not referee.ready:
        raise HTTPException(status_code=status.HTTP_503_SERVICE_UNAVAILABLE, detail=NOT_READY)
    return referee


async def get_retriever(referee: Annotated[Referee, Depends(get_referee)]) -> Any:
    """The warmed-up ``index.Retriever``."""
    return referee.retriever


SettingsDep = Annotated[Settings, Depends(get_settings)]
RefereeDep = Annotated[Referee, Depends(get_referee)]
RetrieverDep = Annotated[Any, Depends(get_retriever)]
