"""Squares, A1 notation, facings and the board (walls and obstacles).

Notation: files are letters A.. (columns, left to right), ranks are numbers 1.. (rows, bottom
to top), so A1 is the bottom-left square and "north" is towards higher ranks. This is the same
convention as the Gladiator Arena ruling, so every rule set shares one notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
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
        name = _SQUARE_NAMES.get(self)
        if name is None:
            name = _SQUARE_NAMES[self] = f"{chr(ord('A') + self.col)}{self.row + 1}"
        return name

    def offset(self, dcol: int, drow: int) -> Square:
        return Square(self.col + dcol, self.row + drow)

    def chebyshev(self, other: Square) -> int:
        return max(abs(self.col - other.col), abs(self.row - other.row))

    def manhattan(self, other: Square) -> int:
        return abs(self.col - other.col) + abs(self.row - other.row)

    def is_orthogonal_neighbour(self, other: Square) -> bool:
        return abs(self.col - other.col) + abs(self.row - other.row) == 1

    def is_diagonal_neighbour(self, other: Square) -> bool:
        return abs(self.col - other.col) == 1 and abs(self.row - other.row) == 1


# Square -> "A1" name. Squares are printed for every event and snapshot, and formatting is
# slow next to a dict lookup; the number of distinct squares is bounded by the board sizes.
_SQUARE_NAMES: dict[tuple[int, int], str] = {}


class Facing(Enum):
    """The way a figure faces; movement directions are relative to it."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # The neighbours of each facing are plain attributes filled in below the class: the
    # tactics ask for them many times a turn, and an attribute read is much cheaper than an
    # index search or a dict lookup keyed by an enum (Enum.__hash__ is Python code).
    _vector: tuple[int, int]
    _left: Facing
    _right: Facing
    _back: Facing

    # Members are singletons compared by identity: the C-level identity hash keeps dict
    # lookups keyed by a facing cheap (Enum.__hash__ is Python code hashing the name).
    __hash__ = object.__hash__

    @property
    def vector(self) -> tuple[int, int]:
        return self._vector

    def turned_left(self) -> Facing:
        return self._left

    def turned_right(self) -> Facing:
        return self._right

    def reversed(self) -> Facing:
        return self._back

    @classmethod
    def towards(cls, dcol: int, drow: int) -> Facing:
        """The facing closest to a vector (ties prefer the vertical)."""
        if abs(drow) >= abs(dcol):
            return cls.N if drow >= 0 else cls.S
        return cls.E if dcol > 0 else cls.W


_ORDER = (Facing.N, Facing.E, Facing.S, Facing.W)
_VECTORS = {Facing.N: (0, 1), Facing.E: (1, 0), Facing.S: (0, -1), Facing.W: (-1, 0)}
for _i, _facing in enumerate(_ORDER):
    _facing._vector = _VECTORS[_facing]
    _facing._left = _ORDER[(_i - 1) % 4]
    _facing._right = _ORDER[(_i + 1) % 4]
    _facing._back = _ORDER[(_i + 2) % 4]
del _i, _facing

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

    def neighbours(self, square: Square, *, diagonal: bool = True) -> list[Square]:
        steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
        out = []
        for dcol, drow in steps:
            nxt = Square(square.col + dcol, square.row + drow)
            if self.is_open(nxt):
                out.append(nxt)
        return out

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


class Grid:
    """Geometry of one board worked out once: every square as a ready Square object (look one
    up by a plain (col, row) tuple: building a NamedTuple costs far more than a dict lookup),
    and each square's open orthogonal neighbours in ORTHOGONAL order. Path finding and the
    movement step use these tables instead of building and testing squares every time."""

    __slots__ = ("board", "names", "open", "squares", "steps")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.squares: dict[tuple[int, int], Square] = {
            (sq.col, sq.row): sq for sq in board.squares()
        }
        self.names = {sq: str(sq) for sq in self.squares.values()}  # "A1" notation
        self.open = frozenset(sq for sq in self.squares.values() if sq not in board.walls)
        self.steps: dict[Square, tuple[tuple[int, int, Square], ...]] = {}
        for sq in self.squares.values():
            around = []
            for dcol, drow in ORTHOGONAL:
                nxt = self.squares.get((sq.col + dcol, sq.row + drow))
                if nxt is not None and nxt not in board.walls:
                    around.append((dcol, drow, nxt))
            self.steps[sq] = tuple(around)


_GRIDS: dict[Board, Grid] = {}


def grid_of(board: Board) -> Grid:
    """The (shared, read-only) Grid of a board; a handful of boards are in use at a time."""
    grid = _GRIDS.get(board)
    if grid is None:
        if len(_GRIDS) >= 64:
            _GRIDS.clear()
        grid = _GRIDS[board] = Grid(board)
    return grid


def _round_div(num: int, den: int) -> int:
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    return q if num >= 0 else -q
