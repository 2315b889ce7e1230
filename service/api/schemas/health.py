"""Liveness and readiness bodies."""

from __future__ import annotations

from pydantic import BaseModel


class HealthPublic(BaseModel):
    status: str
