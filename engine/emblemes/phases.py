"""The phases of an Emblèmes round, defined once: small ints in the hot paths, names in positions.

``select`` (simultaneous, secret) → ``place`` (one reveal at a time, in turn
order) → ``choice`` (the owner of an immediate effect picks its target) /
``chance`` (the Courtisane's random card) → … → ``end_of_round`` (one
``resolve_round`` step) → next round's ``select``, or ``game_over``.
"""

SELECT, PLACE, CHOICE, DRAW, SCORE, OVER = range(6)
PHASE_NAMES = ("select", "place", "choice", "chance", "end_of_round", "game_over")
"""``PHASE_NAMES[phase]``: the name positions and messages use."""
