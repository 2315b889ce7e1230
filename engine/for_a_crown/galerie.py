"""The Galerie: squares left to right, each empty (-1) or holding one family's portrait.

The rightmost portrait is the most influential (« Plus votre Portrait est à
droite, plus vous êtes influent. »); every order of play and every tie-break
reads :func:`influence_order`.
"""

from __future__ import annotations

EMPTY = -1
LEFT, RIGHT = -1, 1
DIRECTIONS = {"left": LEFT, "right": RIGHT}
DIRECTION_NAMES = {LEFT: "left", RIGHT: "right"}
ZONE_LOSS = (2, 1, 0)
"""Rubies lost to a Scandale in the left, centre and right zone."""


def influence_order(squares: list[int]) -> list[int]:
    """Families in the Galerie, most influential (rightmost) first."""
    return [seat for seat in reversed(squares) if seat != EMPTY]


def move(squares: list[int], seat: int, target: int) -> None:
    """Put ``seat``'s portrait on ``target`` (swapping with whoever stands there)."""
    here = squares.index(seat)
    squares[here], squares[target] = squares[target], seat


def zones(squares: list[int], by_square: bool) -> dict[int, int]:
    """Family -> zone (0 left, 1 centre, 2 right) for the Scandale (``for-a-crown.galerie_zones``)."""
    if by_square:
        width = len(squares)
        return {seat: min(2, square * 3 // width) for square, seat in enumerate(squares) if seat != EMPTY}
    order = influence_order(squares)
    edge = max(1, len(order) // 3)
    result = {}
    for rank, seat in enumerate(order):
        if rank < edge:
            result[seat] = 2
        elif rank >= len(order) - edge:
            result[seat] = 0
        else:
            result[seat] = 1
    return result
