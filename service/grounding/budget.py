"""What one question's engine runs may spend: a step count that decides, and a wall-clock fuse that only protects.

A verdict depends on the question alone, never on how loaded the machine is: every position the grounder plays
is bounded by a count of the actions applied (``max_steps`` per position), the same on every server. The
wall-clock ``fuse_s`` is far above any legitimate check (session 12: the slowest of 556 train, tuning and probe
questions spent 0.33 s on all its engine runs, quiet; the longest position played 327 actions, a For a Crown
game to the end of round 4 with 6 families); when it blows, :class:`FuseBlown` stops the check and the referee
answers from the rules text, saying why in ``explain.declined``: an error, never a different verdict.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable


class FuseBlown(RuntimeError):
    """A question's engine runs outlived the wall-clock fuse (a server under extreme load, or a runaway run)."""


class StepsExceeded(RuntimeError):
    """A position needed more actions than the step budget: the same on every machine, so no verdict anywhere."""


class Fuse:
    """The wall-clock fuse of one check, armed when made.

    Args:
        seconds: how long the check may run.
        clock: seconds from an arbitrary origin (tests pass a ticking fake to play a loaded machine).
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic):
        self.seconds = seconds
        self.clock = clock
        self.deadline = clock() + seconds

    def check(self, where: str) -> None:
        """Raise :class:`FuseBlown` naming ``where`` once the deadline has passed."""
        if self.clock() > self.deadline:
            raise FuseBlown(f"{where}: the engine check outlived its {self.seconds:g} s fuse")

    @property
    def blown(self) -> bool:
        return self.clock() > self.deadline


@dataclass(frozen=True)
class Budget:
    """The limits of one question's engine check.

    ``max_steps``: actions applied in one position played (a frame variant, a template run); the worst real run
    is 327 (module docstring). ``fuse_s``: the wall-clock fuse of each mechanism's runs. ``clock``: what the fuse
    reads (tests only).
    """

    max_steps: int = 2_000
    fuse_s: float = 20.0
    clock: Callable[[], float] = time.monotonic

    def fuse(self) -> Fuse:
        return Fuse(self.fuse_s, self.clock)
