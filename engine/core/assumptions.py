"""Named assumptions: where the rulebook is silent or ambiguous, say so explicitly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from engine.core.citations import Citation


@dataclass(frozen=True, slots=True)
class Assumption:
    """A gap in the rulebook and how the engine settles it unless told otherwise.

    Args:
        id: stable dotted id, ``"<game>.<topic>"``.
        question: the question the rulebook leaves open.
        options: the readings the engine can apply.
        default: the option used when no scenario or configuration overrides it.
        citation: the corpus sentence that leaves the question open.
        rationale: why the default was chosen.
    """

    id: str
    question: str
    options: tuple[Any, ...]
    default: Any
    citation: Citation
    rationale: str = ""

    def __post_init__(self) -> None:
        if self.options and self.default not in self.options:
            raise ValueError(f"assumption {self.id}: default {self.default!r} not in options {self.options!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": self.question,
            "options": list(self.options),
            "default": self.default,
            "citation": self.citation.to_dict(),
            "rationale": self.rationale,
        }


class AssumptionBook:
    """The assumptions of one game with the values chosen for one configuration.

    An empty ``options`` tuple means the value is free-form data (a reward table,
    for example) validated by the game itself.
    """

    def __init__(self, assumptions: Iterable[Assumption], overrides: Mapping[str, Any] | None = None):
        self._by_id = {a.id: a for a in assumptions}
        self._values = {a.id: a.default for a in self._by_id.values()}
        for key, value in (overrides or {}).items():
            self.set(key, value)

    def set(self, assumption_id: str, value: Any) -> None:
        if assumption_id not in self._by_id:
            raise ValueError(
                f"unknown assumption {assumption_id!r}; expected one of {sorted(self._by_id)}"
            )
        allowed = self._by_id[assumption_id].options
        if allowed and value not in allowed:
            raise ValueError(
                f"assumption {assumption_id!r}: expected one of {list(allowed)}, got {value!r}"
            )
        self._values[assumption_id] = value

    def value(self, assumption_id: str) -> Any:
        return self._values[assumption_id]

    def get(self, assumption_id: str) -> Assumption:
        return self._by_id[assumption_id]

    def __iter__(self):
        return iter(self._by_id.values())

    def overrides(self) -> dict[str, Any]:
        """Values that differ from the defaults (what a position must remember)."""
        return {k: v for k, v in self._values.items() if v != self._by_id[k].default}
