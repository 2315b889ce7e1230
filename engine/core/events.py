"""What applying an action produced: each event names the rule it applied."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.citations import Citation

REJECTED = "rejected"


@dataclass(slots=True)
class Event:
    """One thing that happened, with the rule that made it happen.

    Treat events as read-only. They are not ``frozen``: a frozen dataclass spends
    about 1 µs per instance in ``__init__`` (``object.__setattr__`` per field),
    a quarter of a random Emblèmes game, and random playouts create hundreds.

    Args:
        kind: a short machine name (``"coins_gained"``, ``"card_discarded"``, ``"rejected"``).
        message: one readable sentence for traces.
        citation: the rule applied (``None`` only for pure bookkeeping).
        data: JSON-safe details (player, card, amount, ...).
        assumptions: ids of the named assumptions this event relied on.
    """

    kind: str
    message: str
    citation: Citation | None = None
    data: dict[str, Any] = field(default_factory=dict)
    assumptions: tuple[str, ...] = ()

    @property
    def is_rejection(self) -> bool:
        return self.kind == REJECTED

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "citation": self.citation.to_dict() if self.citation else None,
            "data": self.data,
            "assumptions": list(self.assumptions),
        }


def rejection(reason: str, message: str, citation: Citation | None, **data: Any) -> Event:
    """An illegal action: the state is unchanged and this event says why.

    ``reason`` is a stable code (``"not_in_hand"``, ``"pile_below_four"``) that
    scenarios and tests match on; ``message`` is for people.
    """
    return Event(REJECTED, message, citation, {"reason": reason, **data})
