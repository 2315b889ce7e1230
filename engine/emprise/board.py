"""The board's geometry: 20 squares in five columns and four rows, and the four directions.

Squares are named by column letter (``a`` to ``e``, left to right) and row number
(``1`` to ``4``, top to bottom): ``a1`` is the top-left square, ``e4`` the
bottom-right. Internally a square is ``row * 5 + column``. Directions index a
card's ranks: ``TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3``; the rank that faces a
neighbour in direction ``d`` is the neighbour's rank ``OPPOSITE[d]``.
"""

from __future__ import annotations

from typing import Any

COLUMNS = 5
ROWS = 4
SQUARES = COLUMNS * ROWS
TOP, RIGHT, BOTTOM, LEFT = range(4)
DIRECTIONS = (TOP, RIGHT, BOTTOM, LEFT)
DIRECTION_NAMES = ("top", "right", "bottom", "left")
OPPOSITE = (BOTTOM, LEFT, TOP, RIGHT)
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))

SQUARE_NAMES = tuple(f"{'abcde'[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(SQUARES))
SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}


def _line(square: int, direction: int) -> tuple[int, ...]:
    row, column = divmod(square, COLUMNS)
    d_row, d_column = _STEP[direction]
    squares = []
    row, column = row + d_row, column + d_column
    while 0 <= row < ROWS and 0 <= column < COLUMNS:
        squares.append(row * COLUMNS + column)
        row, column = row + d_row, column + d_column
    return tuple(squares)


LINES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(square, d) for d in DIRECTIONS) for square in range(SQUARES)
)
"""``LINES[square][d]``: the squares from ``square`` outwards in direction ``d``, nearest first."""

NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, LINES[square][d][0]) for d in DIRECTIONS if LINES[square][d]) for square in range(SQUARES)
)
"""``NEIGHBOURS[square]``: ``(direction, adjacent square)`` pairs, in direction order."""

ADJACENT: tuple[tuple[int, ...], ...] = tuple(tuple(s for _, s in pairs) for pairs in NEIGHBOURS)


def square_index(name: Any, field: str = "square") -> int:
    """The index of a square named ``a1``..``e4``; ``ValueError`` names the field."""
    index = SQUARE_INDEX.get(name.strip().lower()) if isinstance(name, str) else None
    if index is None:
        raise ValueError(f"{field}: expected a square a1..e4 (column a-e left to right, row 1-4 top to bottom), got {name!r}")
    return index
