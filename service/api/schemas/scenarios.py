"""``POST /v1/scenarios/run``: the trace and final position of a scenario run."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ScenarioStepPublic(BaseModel):
    index: int
    action: dict[str, Any]
    events: list[dict[str, Any]] = Field(description="Each event with its kind, message, data, citation and assumptions.")


class ScenarioRunPublic(BaseModel):
    title: Any = Field(description="The scenario's title, as sent (null when absent).")
    game: str
    passed: bool
    failures: list[str] = Field(description="Each expectation that did not hold, one readable line each.")
    steps: list[ScenarioStepPublic]
    assumptions_used: list[str]
    final_state: dict[str, Any]
    scores: list[float]
    winners: list[int]
    terminal: bool
    observations: dict[str, dict[str, Any]] | None = Field(
        default=None, description="Per seat, what that player sees at the end; only when the expectations read it.")
