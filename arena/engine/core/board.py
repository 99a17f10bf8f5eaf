"""Squares, A1 notation, facings and the board (walls and obstacles).

Notation: files are letters A.. (columns, left to right), ranks are numbers 1.. (rows, bottom
to top), so A1 is the bottom-left square and "north" is towards higher ranks. This is the same
convention as the Gladiator Arena ruling, so every rule set shares one notation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

MAX_FILES = 26
_SQUARE_RE = re.compile(r"^([A-Za-z])([0-9]{1,3})$")


class Square(NamedTuple):
    """A square by zero-based column (file) and row (rank). Immutable; a NamedTuple rather than
    a dataclass because squares are hashed and compared on the hot path."""

    col: int
    row: int

    @classmethod
    def parse(cls, text: str) -> Square:
        match = _SQUARE_RE.match(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"{text!r} is not a square in A1 notation")
        return cls(ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1)

    def __str__(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1}"

    def chebyshev(self, other: Square) -> int:
        return max(abs(self.col - other.col), abs(self.row - other.row))

    def manhattan(self, other: Square) -> int:
        return abs(self.col - other.col) + abs(self.row - other.row)

    def is_diagonal_neighbour(self, other: Square) -> bool:
        return abs(self.col - other.col) == 1 and abs(self.row - other.row) == 1


class Facing(StrEnum):
    """The way a figure faces; movement directions are relative to it. Each member is its
    letter, and `vector` is the step forward: north is towards higher ranks."""

    N = "N", (0, 1)
    E = "E", (1, 0)
    S = "S", (0, -1)
    W = "W", (-1, 0)

    vector: tuple[int, int]

    def __new__(cls, letter: str, vector: tuple[int, int]) -> Facing:
        member = str.__new__(cls, letter)
        member._value_ = letter
        member.vector = vector
        return member

    def turned_left(self) -> Facing:
        dcol, drow = self.vector
        return _FACING_BY_VECTOR[-drow, dcol]

    def turned_right(self) -> Facing:
        dcol, drow = self.vector
        return _FACING_BY_VECTOR[drow, -dcol]

    def reversed(self) -> Facing:
        dcol, drow = self.vector
        return _FACING_BY_VECTOR[-dcol, -drow]

    @classmethod
    def towards(cls, dcol: int, drow: int) -> Facing:
        """The facing closest to a vector (ties prefer the vertical)."""
        if abs(drow) >= abs(dcol):
            return cls.N if drow >= 0 else cls.S
        return cls.E if dcol > 0 else cls.W


_FACING_BY_VECTOR = {facing.vector: facing for facing in Facing}

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangular arena. Walls are squares nobody may enter; the edge is a wall too."""

    width: int
    height: int
    walls: frozenset[Square] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_FILES) or not (1 <= self.height <= 999):
            raise ValueError(f"a board is 1..{MAX_FILES} files by 1..999 ranks")

    def contains(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def is_open(self, square: Square) -> bool:
        return self.contains(square) and square not in self.walls

    def parse(self, text: str) -> Square:
        square = Square.parse(text)
        if not self.contains(square):
            raise ValueError(f"{text} is off the {self.width}x{self.height} board")
        return square

    def squares(self) -> Iterator[Square]:
        for row in range(self.height):
            for col in range(self.width):
                yield Square(col, row)

    def edge_squares(self) -> list[Square]:
        """The ring of edge squares, clockwise from A1 (used for even placement)."""
        w, h = self.width, self.height
        ring = [Square(0, r) for r in range(h)]
        ring += [Square(c, h - 1) for c in range(1, w)]
        ring += [Square(w - 1, r) for r in range(h - 2, -1, -1)]
        ring += [Square(c, 0) for c in range(w - 2, 0, -1)]
        return list(dict.fromkeys(ring))

    def line(self, start: Square, through: Square, length: int) -> list[Square]:
        """Squares of a straight line from start through another square, up to `length`
        squares (Chebyshev) from start, stopping before a wall or the edge. Bresenham-style,
        so the result is exact and deterministic (the rulebook's "string or ruler")."""
        dcol, drow = through.col - start.col, through.row - start.row
        steps = max(abs(dcol), abs(drow))
        if steps == 0:
            return []
        out: list[Square] = []
        for i in range(1, length + 1):
            # Round half away from zero so the line is symmetric.
            col = start.col + _round_div(dcol * i, steps)
            row = start.row + _round_div(drow * i, steps)
            sq = Square(col, row)
            if not self.is_open(sq):
                break
            out.append(sq)
        return out


@functools.lru_cache(maxsize=64)
def orthogonal_steps(board: Board) -> dict[Square, tuple[tuple[int, int, Square], ...]]:
    """Each open square's open orthogonal neighbours, in ORTHOGONAL order, each with the step
    that reaches it. Path finding asks for these all the time, so a board's table is worked
    out once (a board is immutable; a handful are in use at a time)."""
    table = {}
    for sq in board.squares():
        if board.is_open(sq):
            table[sq] = tuple(
                (dcol, drow, Square(sq.col + dcol, sq.row + drow))
                for dcol, drow in ORTHOGONAL
                if board.is_open(Square(sq.col + dcol, sq.row + drow))
            )
    return table


def _round_div(num: int, den: int) -> int:
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    return q if num >= 0 else -q


@functools.lru_cache(maxsize=64)
def square_names(width: int, height: int) -> dict[Square, str]:
    """Every square of a board `width` files by `height` ranks (walls and blocks too) with its
    name in A1 notation, row by row: logs name squares by the hundred per bout. Worked out
    once per size and shared by every caller, who only reads it."""
    return {
        sq: str(sq) for sq in [Square(col, row) for row in range(height) for col in range(width)]
    }
