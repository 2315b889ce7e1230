"""Pending decisions: who must decide what, among which options, because of which rule.

A rule that asks a player for a choice in the middle of another action (the
target of an effect, which of two nobles visits, whether to pay, which card an
elimination takes) pushes a :class:`Decision` on the state's
:class:`DecisionStack`. While the stack is not empty the decider of its top is
the player to move; answering pops it and the interrupted action carries on.

A stack rather than a single slot, because decisions nest and queue:

- *chained*: answering one decision triggers another (an elimination that
  triggers an ability that asks for another elimination): push the new one, it
  is answered first, then the older one is on top again;
- *queued*: "each family, in influence order, may pay": push them all at once
  with :meth:`DecisionStack.push_in_order` (the first listed is answered first).

Example::

    state.decisions.push(Decision("effect_target", player=2, citation=rules.GARDE,
                                  data={"effect": "Garde", "source": 17}))
    ...
    decision = state.decisions.top          # whose turn: decision.player
    options = decision.options_or(lambda: compute_options(state, decision))
    ...
    state.decisions.pop()

``options`` are the legal answers as action dicts; they may be left ``None``
and filled lazily (random playouts ask for them once). ``kind`` names the
decision for people, traces and scenarios (``{"kind": "noble_choice"}``), and
``data`` keeps what the game needs to resume (JSON-safe).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping

from engine.core.citations import Citation

CHANCE_DECIDES = -1
"""``Decision.player`` of a random outcome awaited (same value as ``engine.core.game.CHANCE``)."""


class Decision:
    """One decision awaited: ``kind``, the deciding seat, the legal answers, the rule that asks.

    A plain class with ``__slots__`` (not a dataclass) because random playouts
    create one per effect choice; equality compares every field.

    Args:
        kind: a short machine name (``"effect_target"``, ``"noble_choice"``, ``"pay_or_pass"``).
        player: the seat that decides, or :data:`CHANCE_DECIDES` for a random outcome.
        options: the legal answers (action dicts), or ``None`` until computed.
        citation: the rule that asks for the decision.
        data: what the game needs to resume (JSON-safe values: seats, card ids, names).
    """

    __slots__ = ("kind", "player", "options", "citation", "data")

    def __init__(self, kind: str, player: int, options: list[dict] | None = None,
                 citation: Citation | None = None, data: dict[str, Any] | None = None):
        self.kind = kind
        self.player = player
        self.options = options
        self.citation = citation
        self.data = {} if data is None else data

    def options_or(self, compute: Callable[[], list[dict]]) -> list[dict]:
        """The legal answers, computed once by ``compute`` when not known yet."""
        if self.options is None:
            self.options = compute()
        return self.options

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON; ``options`` is written only once computed."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "data": dict(self.data)}
        if self.citation is not None:
            out["citation"] = self.citation.to_dict()
        if self.options is not None:
            out["options"] = [dict(option) for option in self.options]
        return out

    @classmethod
    def from_dict(cls, raw: Any, path: str = "decision") -> "Decision":
        """Rebuild a decision; ``ValueError`` names the bad field (``decisions[1].player``)."""
        if not isinstance(raw, Mapping):
            raise ValueError(f"{path}: expected a mapping with kind and player, got {raw!r}")
        kind, player = raw.get("kind"), raw.get("player")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"{path}.kind: expected a decision kind (string), got {kind!r}")
        if type(player) is not int or player < CHANCE_DECIDES:
            raise ValueError(f"{path}.player: expected a seat (or -1 for chance), got {player!r}")
        options = raw.get("options")
        if options is not None and not (isinstance(options, list) and all(isinstance(o, Mapping) for o in options)):
            raise ValueError(f"{path}.options: expected a list of actions, got {options!r}")
        data = raw.get("data", {})
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}.data: expected a mapping, got {data!r}")
        citation = raw.get("citation")
        if citation is not None and not (isinstance(citation, Mapping) and isinstance(citation.get("section"), str)):
            raise ValueError(f"{path}.citation: expected {{section, quote}}, got {citation!r}")
        return cls(kind, player, None if options is None else [dict(o) for o in options],
                   Citation.from_dict(dict(citation)) if citation else None, dict(data))

    def _fields(self) -> tuple:
        return self.kind, self.player, self.options, self.citation, self.data

    def __eq__(self, other: object) -> bool:
        if type(other) is not Decision:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, player={self.player!r}, options={self.options!r}, "
                f"citation={self.citation!r}, data={self.data!r})")


class DecisionStack:
    """The decisions a state awaits; the top one is answered next.

    Iteration goes from the top (answered next) down; ``to_list`` writes the
    same order, so a position reads "who decides next" first.
    """

    __slots__ = ("_items",)

    def __init__(self, decisions: Iterable[Decision] = ()):
        self._items: list[Decision] = []  # bottom first: the top is _items[-1]
        if decisions:
            self.push_in_order(decisions)

    @property
    def top(self) -> Decision | None:
        """The decision answered next, or ``None``."""
        items = self._items
        return items[-1] if items else None

    def push(self, decision: Decision) -> None:
        """``decision`` is answered before every decision already waiting (a chained decision)."""
        self._items.append(decision)

    def push_in_order(self, decisions: Iterable[Decision]) -> None:
        """Queue several decisions answered in the order given, before those already waiting."""
        self._items.extend(reversed(list(decisions)))

    def pop(self) -> Decision:
        """Remove and return the top decision; ``IndexError`` when none is pending (a bug of the caller)."""
        return self._items.pop()

    def in_order(self) -> list[Decision]:
        """The pending decisions, the one answered next first (as iteration gives them)."""
        return self._items[::-1]

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[Decision]:
        return reversed(self._items)

    def copy(self) -> "DecisionStack":
        other = DecisionStack()
        other._items = [Decision(d.kind, d.player, None if d.options is None else list(d.options), d.citation, dict(d.data))
                        for d in self._items]
        return other

    def to_list(self) -> list[dict[str, Any]]:
        """Top first, each as :meth:`Decision.to_dict`."""
        return [decision.to_dict() for decision in reversed(self._items)]

    @classmethod
    def from_list(cls, raw: Any, path: str = "decisions") -> "DecisionStack":
        """The inverse of :meth:`to_list`; ``ValueError`` names the bad entry."""
        if not isinstance(raw, list):
            raise ValueError(f"{path}: expected a list of decisions (top first), got {raw!r}")
        return cls([Decision.from_dict(item, f"{path}[{i}]") for i, item in enumerate(raw)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DecisionStack) and self._items == other._items

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DecisionStack(top first: {self.in_order()!r})"
