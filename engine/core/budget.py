"""One budget for all of a scenario run: building, stepping, expanding templates, checking, serialising.

A :class:`RunBudget` is created when a run starts and handed to every phase,
which calls :meth:`RunBudget.check` between units of work (a step, an
expectation pattern, a template node) and :meth:`RunBudget.spend_chars` for
what it produces. A phase that would run past the deadline or produce more
than ``max_chars`` characters stops with :class:`ScenarioBudgetExceeded`, so a
hostile scenario (thousands of never-matching patterns, a template that expands
to hundreds of megabytes) costs at most the budget, never the whole server.

Usage::

    budget = RunBudget(time_s=2.0, max_steps=2000)
    budget.check("steps[3]")           # raises once the deadline has passed
    budget.spend_chars(10_000, "slots") # raises past max_chars
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["DEFAULT_MAX_CHARS", "RunBudget", "ScenarioBudgetExceeded"]

DEFAULT_MAX_CHARS = 4_000_000
"""Characters a run may produce while expanding templates and serialising (~4 MB of JSON)."""


class ScenarioBudgetExceeded(RuntimeError):
    """The scenario ran past its step, time or size budget; the message names the phase."""


class RunBudget:
    """The wall-clock deadline, step count and output size allowed to one run.

    Args:
        time_s: seconds from creation until the deadline.
        max_steps: the most steps a scenario may list.
        max_chars: the most characters expansion and serialisation may produce.
        clock: seconds from an arbitrary origin (tests pass a ticking fake, so
            a deadline does not depend on how loaded the machine is).

    Raises:
        ValueError: a limit that is not positive.
    """

    def __init__(self, *, time_s: float, max_steps: int, max_chars: int = DEFAULT_MAX_CHARS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not time_s > 0 or max_steps < 1 or max_chars < 1:
            raise ValueError(f"time_s, max_steps, max_chars: expected positive values, got {time_s}, {max_steps}, {max_chars}")
        self.time_s = time_s
        self.max_steps = max_steps
        self.max_chars = max_chars
        self.clock = clock
        self.deadline = clock() + time_s
        self.chars = 0

    def check(self, where: str) -> None:
        """Raise :class:`ScenarioBudgetExceeded` naming ``where`` once the deadline has passed."""
        if self.clock() > self.deadline:
            raise ScenarioBudgetExceeded(f"{where}: time budget of {self.time_s}s exhausted")

    def check_steps(self, count: int) -> None:
        if count > self.max_steps:
            raise ScenarioBudgetExceeded(f"steps: {count} steps, the budget is {self.max_steps}")

    def spend_chars(self, count: int, where: str) -> None:
        """Count ``count`` produced characters; raise past ``max_chars`` or past the deadline."""
        self.chars += count
        if self.chars > self.max_chars:
            raise ScenarioBudgetExceeded(f"{where}: output over the budget of {self.max_chars} characters")
        self.check(where)
