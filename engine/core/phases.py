"""Phases: the named stages of a round, each with its own actions and way of moving.

boardgame.io's phases as data. A game lists its phases once (one module, one
tuple; never phase numbers redefined in several files) and stores the current
phase's name in its position. The table answers which actions a phase accepts
and builds the ``wrong_phase`` rejection for the others, citing the rule that
describes the phase where they are played::

    PHASES = PhaseTable([
        Phase("draft", actions=("take",), mover=SEAT, citation=rules.DRAFT),
        Phase("reveal", actions=("reveal",), mover=CHANCE_MOVES, citation=rules.REVEAL),
    ])
    rejected = PHASES.check(action["type"], state.phase)
    if rejected:
        return [rejected]

Moving from one phase to the next is the game's code (the end condition of a
phase is a rule, with its own event and citation); the table only names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from engine.core.citations import Citation
from engine.core.events import Event, rejection

SEAT = "seat"
"""One seat acts, in turn order."""
ALL_SEATS = "simultaneous"
"""Every seat that has not acted yet may act."""
CHANCE_MOVES = "chance"
"""A random outcome is awaited."""
DECIDER = "decision"
"""The decider of the top pending decision acts."""
NOBODY = "terminal"
MOVERS = (SEAT, ALL_SEATS, CHANCE_MOVES, DECIDER, NOBODY)

__all__ = ["ALL_SEATS", "CHANCE_MOVES", "DECIDER", "MOVERS", "NOBODY", "Phase", "PhaseTable", "SEAT"]


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: its name in positions, the action types it accepts, who moves, the rule describing it."""

    name: str
    actions: tuple[str, ...]
    mover: str
    citation: Citation | None = None

    def __post_init__(self) -> None:
        if self.mover not in MOVERS:
            raise ValueError(f"phase {self.name!r}.mover: expected one of {list(MOVERS)}, got {self.mover!r}")


class PhaseTable:
    """The phases of a game, in play order."""

    def __init__(self, phases: Iterable[Phase]):
        self.phases = tuple(phases)
        self._by_name = {phase.name: phase for phase in self.phases}
        if len(self._by_name) != len(self.phases):
            raise ValueError(f"phases: expected distinct names, got {[p.name for p in self.phases]}")
        self.names = tuple(self._by_name)
        self.action_types = tuple(sorted({a for phase in self.phases for a in phase.actions}))

    def __getitem__(self, name: str) -> Phase:
        return self._by_name[name]

    def parse(self, name: object, field: str = "phase") -> str:
        """A phase name read from a position; ``ValueError`` listing the phases otherwise."""
        if name not in self._by_name:
            raise ValueError(f"{field}: expected one of {list(self.names)}, got {name!r}")
        return name  # type: ignore[return-value]

    def check(self, action_type: str, phase: str) -> Event | None:
        """``None`` when ``phase`` accepts ``action_type``; else the ``wrong_phase`` rejection.

        Raises:
            ValueError: ``action_type`` is no action of this game (malformed input, not an illegal move).
        """
        if action_type not in self.action_types:
            raise ValueError(f"action.type: expected one of {list(self.action_types)}, got {action_type!r}")
        if action_type in self._by_name[phase].actions:
            return None
        home = [p for p in self.phases if action_type in p.actions]
        where = " or ".join(p.name for p in home)
        return rejection("wrong_phase", f"A {action_type} action is played in the {where} phase, not in the {phase} phase.",
                         home[0].citation, phase=phase, expected=[p.name for p in home])
