"""Shapes shared by several resources."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

MAX_TEXT_LENGTH = 1000
"""Longest question or query accepted, in characters."""


class RequestModel(BaseModel):
    """Base of request bodies: JSON types are strict and unknown fields are rejected.

    Strictness turns ``"k": "5"`` or ``"explain": "yes"`` into a 422 naming the
    field instead of a silent coercion; forbidding extras catches misspelt fields.
    """

    model_config = ConfigDict(strict=True, extra="forbid", str_strip_whitespace=True)


class SourcePublic(BaseModel):
    """Where a passage or quote lies: ``path``'s text at ``start:end``."""

    path: str
    start: int
    end: int
