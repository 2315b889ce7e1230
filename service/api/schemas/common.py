"""Shapes shared by several resources."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

MAX_TEXT_LENGTH = 1000
"""Longest question or query accepted, in characters."""


def _whole_float_as_int(value: Any) -> Any:
    # JSON Schema counts 2.0 as an integer; strict pydantic would not.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[int, BeforeValidator(_whole_float_as_int)]
"""An integer field that also takes ``2.0`` (not ``2.5`` nor ``"2"``), as its JSON Schema promises."""


def _non_blank_strings(schema: dict[str, Any]) -> None:
    # Strings are stripped before min_length is checked, so "\t" is too short: say so in the schema.
    for prop in schema.get("properties", {}).values():
        if prop.get("type") == "string" and prop.get("minLength", 0) >= 1 and "pattern" not in prop:
            prop["pattern"] = r"\S"


class RequestModel(BaseModel):
    """Base of request bodies: JSON types are strict and unknown fields are rejected.

    Strictness turns ``"k": "5"`` or ``"explain": "yes"`` into a 422 naming the
    field instead of a silent coercion; forbidding extras catches misspelt fields.
    Surrounding spaces are stripped, so a required text must hold a non-space
    character (its JSON Schema says ``pattern: "\\S"``).
    """

    model_config = ConfigDict(strict=True, extra="forbid", str_strip_whitespace=True,
                              json_schema_extra=_non_blank_strings)


class SourcePublic(BaseModel):
    """Where a passage or quote lies: ``path``'s text at ``start:end``."""

    path: str
    start: int
    end: int
