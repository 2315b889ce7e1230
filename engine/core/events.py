"""What applying an action produced: each event names the rule it applied."""

from __future__ import annotations

from typing import Any

from engine.core.citations import Citation

REJECTED = "rejected"


class MessageTemplate(str):
    """An event message written from the event's own data, formatted only when read.

    ``MessageTemplate("Player {player} selects {card} face down.")`` is built once,
    at import; an event given it as its message fills the ``{field}`` placeholders
    from ``event.data`` the first time ``event.message`` is read. Random playouts
    create hundreds of events per game and read none of their messages, so they
    never pay for the formatting.
    """

    __slots__ = ()


class Event:
    """One thing that happened, with the rule that made it happen.

    Treat events as read-only. They are a plain class with ``__slots__`` rather
    than a ``frozen`` dataclass: a frozen dataclass spends about 1 µs per instance
    in ``__init__`` (``object.__setattr__`` per field), and random playouts create
    hundreds per game.

    Args:
        kind: a short machine name (``"coins_gained"``, ``"card_discarded"``, ``"rejected"``).
        message: one readable sentence for traces, or a :class:`MessageTemplate`
            filled from ``data`` when ``message`` is first read.
        citation: the rule applied (``None`` only for pure bookkeeping).
        data: JSON-safe details (player, card, amount, ...).
        assumptions: ids of the named assumptions this event relied on.
    """

    __slots__ = ("kind", "_message", "citation", "data", "assumptions")

    def __init__(
        self,
        kind: str,
        message: str,
        citation: Citation | None = None,
        data: dict[str, Any] | None = None,
        assumptions: tuple[str, ...] = (),
    ):
        self.kind = kind
        self._message = message
        self.citation = citation
        self.data = {} if data is None else data
        self.assumptions = assumptions

    @property
    def message(self) -> str:
        message = self._message
        if type(message) is MessageTemplate:
            message = self._message = str.format_map(message, self.data)
        return message

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

    def _fields(self) -> tuple:
        return self.kind, self.message, self.citation, self.data, self.assumptions

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable data: unhashable, as the dataclass was

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, message={self.message!r}, citation={self.citation!r}, "
                f"data={self.data!r}, assumptions={self.assumptions!r})")


def rejection(reason: str, message: str, citation: Citation | None, **data: Any) -> Event:
    """An illegal action: the state is unchanged and this event says why.

    ``reason`` is a stable code (``"not_in_hand"``, ``"pile_below_four"``) that
    scenarios and tests match on; ``message`` is for people.
    """
    return Event(REJECTED, message, citation, {"reason": reason, **data})
