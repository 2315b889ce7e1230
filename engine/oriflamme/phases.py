"""The phases of an Oriflamme turn, defined once: small ints in the hot paths, names in positions.

``placement`` (from the first player, clockwise) → ``resolution`` (along the
line; the decider of the top pending decision acts) → next turn's
``placement``, or ``game_over`` after the 6th turn.
"""

from __future__ import annotations

from engine.core.phases import DECIDER, NOBODY, SEAT, Phase, PhaseTable
from engine.oriflamme import rules

PLACEMENT, RESOLUTION, OVER = range(3)
PHASE_NAMES = ("placement", "resolution", "game_over")
"""``PHASE_NAMES[phase]``: the name positions and messages use."""

PHASES = PhaseTable([
    Phase("placement", actions=("place",), mover=SEAT, citation=rules.PLACEMENT),
    Phase("resolution", actions=("influence", "reveal", "choose", "resolve"), mover=DECIDER,
          citation=rules.RESOLUTION_ORDER),
    Phase("game_over", actions=(), mover=NOBODY, citation=rules.SIX_TURNS),
])
