"""The quantities a game's state holds, declared for questions such as "how many cards at set-up?".

A game declares them in ``engine/<game>/quantities.py`` as ``QUANTITIES``, a
tuple of :class:`Quantity`: for each moment it can be read at, a reader that
takes a fresh initial state and a seeded ``random.Random`` and returns the
number (an ``int``, a list with one ``int`` per seat for a player's holding,
a :class:`Measured` when it rests on a named assumption, or None when this line
of play never reaches the moment), and the rules the reading applies. The words
a player asks it with and its unit are data: ``corpus/<game>/quantities.yaml``.
``service/grounding/quantity.py`` reads the question, builds the states and
compares the readings over seeds and player counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from engine.core.citations import Citation
from engine.core.game import State

__all__ = ["HOLDERS", "MOMENTS", "Measured", "Quantity", "Reader", "final_position", "play_until", "positions"]

MOMENTS = ("setup", "round", "round_end", "game", "game_end")
"""When a quantity is read: after set-up, over one round, once a round is over (and the next prepared),
over the whole game, at the end of the game."""
HOLDERS = ("player", "common")


@dataclass(frozen=True)
class Measured:
    """A number read off the engine, with the ids of the named assumptions it rests on (placeholder data)."""

    value: int | list[int]
    assumptions: tuple[str, ...] = ()


Reader = Callable[[State, random.Random], "int | list[int] | Measured | None"]


@dataclass(frozen=True)
class Quantity:
    """One quantity of a game's state.

    Attributes:
        id: the key of its words in ``corpus/<game>/quantities.yaml``.
        holder: ``player`` (each seat holds one: readers return one value per seat) or ``common``.
        readers: moment (:data:`MOMENTS`) → reader.
        cites: moment → the rules that state or decide it then (every moment of ``readers`` cites one).
        default_moment: the moment meant when a question names none (a rule constant: rounds in a game);
            None when the question must say when.
    """

    id: str
    holder: str
    readers: Mapping[str, Reader]
    cites: Mapping[str, tuple[Citation, ...]]
    default_moment: str | None = None

    def __post_init__(self) -> None:
        if self.holder not in HOLDERS:
            raise ValueError(f"{self.id}.holder: expected one of {HOLDERS}, got {self.holder!r}")
        unknown = sorted(set(self.readers) - set(MOMENTS))
        if unknown or not self.readers:
            raise ValueError(f"{self.id}.readers: expected moments among {MOMENTS}, got {sorted(self.readers)}")
        if self.default_moment is not None and self.default_moment not in self.readers:
            raise ValueError(f"{self.id}.default_moment: expected one of {sorted(self.readers)}, got {self.default_moment!r}")
        if set(self.cites) != set(self.readers) or not all(self.cites.values()):
            raise ValueError(f"{self.id}.cites: expected the rules read at each of {sorted(self.readers)}, "
                             f"got {sorted(moment for moment, rules in self.cites.items() if rules)}")


def play_until(state: State, rng: random.Random, stop: Callable[[dict[str, Any]], bool],
               limit: int = 5000) -> dict[str, Any] | None:
    """Play random legal actions until ``stop(state.to_dict())`` holds; that position, or None.

    None when the game ends, or ``limit`` actions pass, before the moment comes.
    """
    position = state.to_dict()
    for _ in range(limit):
        if stop(position):
            return position
        if state.is_terminal():
            return None
        state.random_step(rng)
        position = state.to_dict()
    return None


def positions(state: State, rng: random.Random, limit: int = 5000):
    """Every position of one random playout to the end, as ``to_dict()`` (the first is ``state``'s)."""
    yield state.to_dict()
    for _ in range(limit):
        if state.is_terminal():
            return
        state.random_step(rng)
        yield state.to_dict()


def final_position(state: State, rng: random.Random, limit: int = 5000) -> dict[str, Any] | None:
    """The position at the end of one random playout (``State.random_playout``: no position built on the way),
    or None when ``limit`` actions pass first."""
    state.random_playout(rng, limit)
    return state.to_dict() if state.is_terminal() else None
