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


def moves(squares: list[int], swap: bool) -> list[tuple[int, int, int]]:
    """Every possible Influence move, most influential portrait first: (portrait, direction, square reached).

    A portrait moves to the nearest free square on its left or right; with
    ``swap`` (``for-a-crown.influence_blocked``) a portrait with no free square
    on one side swaps with its neighbour there.
    """
    size = len(squares)
    free_left = [-1] * size  # nearest free square strictly left of each square
    nearest = -1
    for square in range(size):
        free_left[square] = nearest
        if squares[square] == EMPTY:
            nearest = square
    found = []
    nearest = -1  # nearest free square strictly right, walking leftwards
    for square in range(size - 1, -1, -1):
        seat = squares[square]
        if seat == EMPTY:
            nearest = square
            continue
        left = free_left[square]
        if left < 0 and swap and square > 0:
            left = square - 1
        if left >= 0:
            found.append((seat, LEFT, left))
        right = nearest
        if right < 0 and swap and square < size - 1:
            right = square + 1
        if right >= 0:
            found.append((seat, RIGHT, right))
    return found


def move_table(size: int, swap: bool) -> dict[int, tuple[tuple[int, int], ...]]:
    """Occupied squares (one bit per square) -> the Influence moves as (square left, square reached), in the
    order of :func:`moves`, which depends only on which squares hold a portrait; filled by
    :func:`moves_by_mask` as masks are met (quiet playouts)."""
    return _MOVE_TABLES.setdefault((size, swap), {})


def moves_by_mask(mask: int, size: int, swap: bool) -> tuple[tuple[int, int], ...]:
    squares = [square if mask >> square & 1 else EMPTY for square in range(size)]  # each portrait named by its square
    return tuple((here, reached) for here, _, reached in moves(squares, swap))


_MOVE_TABLES: dict[tuple[int, bool], dict[int, tuple[tuple[int, int], ...]]] = {}


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
