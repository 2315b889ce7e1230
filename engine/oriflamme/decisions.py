"""The decisions a resolution can wait for, as a stack (the newest on top).

An ability that needs a choice pushes a :class:`Decision`; the player named
answers it with an action and the rest of the ability runs. A Machination
keeps a ``POINT`` decision under the ability it activated, so a chain
(Machination → Coupe-jarret → which neighbour?) unwinds in order.
"""

from __future__ import annotations

FACE_DOWN, TARGET, ACTIVATE, POINT = range(4)
KIND_NAMES = ("face_down", "target", "activate", "machination_point")
FACE_DOWN_OPTIONS = ("influence", "reveal")
POINT_OPTIONS = ("gain", "repeat")


class Decision:
    """One awaited choice.

    Args:
        kind: ``FACE_DOWN`` (place a point or reveal), ``TARGET`` (the card an
            ability hits), ``ACTIVATE`` (the character a Machination activates)
            or ``POINT`` (gain a Machination point or spend it on a repeat).
        player: who decides.
        source: the card whose rule asks (card id).
        options: card ids for ``TARGET``/``ACTIVATE``; the option names otherwise.
    """

    __slots__ = ("kind", "player", "source", "options", "memo")

    def __init__(self, kind: int, player: int, source: int, options: tuple, memo: int = -1):
        self.kind = kind
        self.player = player
        self.source = source
        self.options = options
        self.memo = memo
        """``POINT`` only: the character the Machination activated last (``oriflamme.machination_repeat_target``)."""

    def copy(self) -> "Decision":
        return Decision(self.kind, self.player, self.source, self.options, self.memo)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and self.kind == other.kind and self.player == other.player
                and self.source == other.source and tuple(self.options) == tuple(other.options)
                and self.memo == other.memo)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision({KIND_NAMES[self.kind]}, player={self.player}, source={self.source}, options={self.options})"
