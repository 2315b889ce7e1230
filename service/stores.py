"""The feedback store the settings choose: SQLite (default) or PostgreSQL (``ARBITRE_DATABASE_URL``)."""

from __future__ import annotations

from functools import cache

from service.core.config import Settings
from service.feedback import Store, store_for
from service.feedback_postgres import PostgresFeedbackStore

__all__ = ["feedback_store"]


def feedback_store(settings: Settings) -> Store:
    """``database_url`` when set (one store per URL in a process), else the SQLite file ``feedback_db``."""
    if settings.database_url:
        return _postgres(settings.database_url)
    return store_for(settings.feedback_db)


@cache
def _postgres(url: str) -> PostgresFeedbackStore:
    return PostgresFeedbackStore(url)
