"""EMPRISE positions compiled from question frames (the grounding plug-in contract, docs/grounding.md).

``compile(frame)`` hands the frame to the module that knows what its asked
quantity (``corpus/emprise/lexicon.yaml``) means for a position:

- :mod:`engine.emprise.frame_count`: who places the last card, who wins at the
  count, whether it is a tie, a side's score;
- :mod:`engine.emprise.frame_orders`: what an Order's ability does to the
  cards the question names;
- :mod:`engine.emprise.frame_reserve`: whether a stated Réserve may be set aside (one card per Order);
- :mod:`engine.emprise.frame_placement`: a placement told by the ranks that
  face each other (the hook's ``face`` entities), when the question asks
  whether it captures, how many cards it takes or what happens to each card
  (``outcome``), whoever places it (the asker, or another player:
  :mod:`engine.emprise.placer`); tried when the asked quantity's own module
  places nothing;
- :mod:`engine.emprise.frame_ranged`: an Archer's capture at range, told by
  the squares or the distance and the two ranks facing each other.

The templates under ``corpus/emprise/scenarios/templates`` answer what no
frame places (the Onde's ties, a Pestiféré beside the square). Every module
returns None for a frame it cannot place: no position nobody described.
"""

from __future__ import annotations

from typing import Any

from engine.emprise.frame_count import COUNT_ASKS, compile_count, compile_last_card
from engine.emprise.frame_orders import ORDER_ASKS, compile_order
from engine.emprise.frame_placement import compile_placement
from engine.emprise.frame_ranged import compile_ranged_capture
from engine.emprise.frame_reserve import compile_reserve

__all__ = ["ACTIONS", "ASKING", "ASKS", "compile"]

ACTIONS: frozenset[str] = frozenset()
ASKING = frozenset({"empty"})
"""The lexicon's ``asking`` words: a square said empty (read by :mod:`engine.emprise.frame_ranged`)."""
ASKS = frozenset({"last_card", "outcome"}) | COUNT_ASKS | ORDER_ASKS


def compile(frame: Any) -> dict[str, Any] | None:  # noqa: A001 - the contract's name
    """The run that answers ``frame``, or None when it is not a question these modules know how to place."""
    asked = frame.asked
    compiled = None
    if asked is not None and asked.what == "last_card":
        compiled = compile_last_card(frame)
    elif asked is not None and asked.what in COUNT_ASKS:
        compiled = compile_count(frame)
    elif asked is not None and asked.what in ORDER_ASKS:
        compiled = compile_order(frame)
    compiled = compiled or compile_reserve(frame) or compile_placement(frame) or compile_ranged_capture(frame)
    if compiled is None and asked is not None and asked.what == "outcome":
        compiled = compile_count(frame)  # "Lina owns 7 cards and Omar 9: what happens now?": the count's outcome
    return compiled
