"""One player's holdings and the turn-structure constants shared by the Splendor modules."""

from __future__ import annotations

from engine.splendor.data import GEM_COLORS, TOKEN_COLORS

PLAY, RETURN, NOBLE = "play", "return", "noble"
PHASES = (PLAY, RETURN, NOBLE)
TOKEN_LIMIT = 10
RESERVE_LIMIT = 3
WINNING_PRESTIGE = 15


class Seat:
    """One player's holdings; ``bonuses`` and ``points`` are kept up to date incrementally."""

    __slots__ = ("tokens", "bonuses", "cards", "reserved", "blind", "nobles", "points")

    def __init__(self) -> None:
        self.tokens = [0] * len(TOKEN_COLORS)
        self.bonuses = [0] * len(GEM_COLORS)
        self.cards: list[int] = []
        self.reserved: list[int] = []
        self.blind: list[int] = []
        """Reserved cards taken from the top of a deck: hidden from the other players."""
        self.nobles: list[int] = []
        self.points = 0

    def copy(self) -> "Seat":
        seat = Seat.__new__(Seat)
        seat.tokens = self.tokens[:]
        seat.bonuses = self.bonuses[:]
        seat.cards = self.cards[:]
        seat.reserved = self.reserved[:]
        seat.blind = self.blind[:]
        seat.nobles = self.nobles[:]
        seat.points = self.points
        return seat
