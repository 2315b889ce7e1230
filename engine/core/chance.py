"""Chance during play: explicit draws that replay, and reshuffles that need no hidden RNG.

A position is plain JSON and holds no random generator, so randomness after
setup is a *chance node* (``current_player() == CHANCE``) whose outcome is an
action, chosen by the caller: a seeded ``random.Random`` in simulations, the
scenario's steps in tests, the real table in a replay. The pattern for piles:

- A pile shuffled at setup keeps its order in the position (drawn from the
  ``rng`` given to ``new_initial_state``): drawing from it is deterministic.
- A pile shuffled *during* play (a discard pile reformed into a new deck, a
  common pile of events) is kept as an unordered multiset: the reshuffle itself
  changes nothing random and emits a ``shuffled`` event; each draw from it is a
  chance node whose outcomes are the distinct cards with probability
  count / size (:func:`draw_outcomes`), and the chance action names the card
  (``{"type": "draw", "card": "Scandale"}``), so the game replays from its actions.

A fast sampler (``State.random_action``) at a chance node must draw with
:func:`sample_outcome` over the same outcome list, as the reference sampler
does, so seeded playouts are the same games on either path.
"""

from __future__ import annotations

import random
from typing import Hashable, Sequence, TypeVar

T = TypeVar("T", bound=Hashable)

__all__ = ["draw_outcomes", "sample_outcome", "remove_one"]


def draw_outcomes(pile: Sequence[T]) -> list[tuple[T, float]]:
    """Each distinct item of an unordered pile with the probability of drawing it, in first-seen order.

    Raises:
        ValueError: the pile is empty (a chance node needs an outcome).
    """
    if not pile:
        raise ValueError("pile: expected at least one card to draw, got an empty pile")
    counts: dict[T, int] = {}
    for item in pile:
        counts[item] = counts.get(item, 0) + 1
    size = len(pile)
    return [(item, count / size) for item, count in counts.items()]


def sample_outcome(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """One outcome drawn by probability: the reference sampler's draw (``rng.choices`` with weights)."""
    return rng.choices([outcome for outcome, _ in outcomes], weights=[p for _, p in outcomes])[0]


def remove_one(pile: list[T], item: T, field: str = "card") -> None:
    """Take one ``item`` out of ``pile``; ``ValueError`` naming ``field`` when the pile holds none."""
    try:
        pile.remove(item)
    except ValueError:
        raise ValueError(f"{field}: expected one of {sorted(set(map(str, pile)))}, got {item!r}") from None
