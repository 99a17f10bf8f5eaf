"""Arena maps (arenas.json beside this file) and their geometry: movement steps, range and line
of sight with elevation.

A map is a grid of squares in A1 notation. Walls are thick lines between two squares; a block
is a square that is wall all through. Water squares cost double to leave. Raised ground has a
height; between squares of different height runs a ledge (a line shaded on the lower side)
that may be crossed going down, and going up only by flying or on stairs.

A map document gives its start zones and flags in one of two forms. The mirrored form (the
built-in maps' and older GM content's) gives Red's start zone (`start`, a list) and flag
(`flag`, {"home", "zone"}); Blue gets them turned half a turn, and every wall and stair
listed is doubled by its turned twin, so no side is favoured. The explicit form gives each
team's own (`start`: {"Red": [...], "Blue": [...]}, `flag`: {"Red": {"home", "zone"},
"Blue": {...}}), and the walls and stairs exactly as listed: an arena as the GM drew it,
symmetric or not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from arena.engine.core.board import Square, square_names

TEAMS = ("Red", "Blue")  # the explicit form's keys (state.TEAMS; state imports this module)
Edge = tuple[Square, Square]  # the two squares a line runs between, the smaller first
# Whether the heights let two squares see each other, and the squares of each clear line.
Sight = tuple[bool, tuple[frozenset[Square], ...]]
SIDES = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
# The directions a team's search tries first, each team facing the enemy: Blue's are Red's
# turned half a turn, as its side of the arena is. With one order for both, ties (between
# paths, and the tactics' "first found" between equal squares) broke towards the enemy for
# Red and towards home for Blue, and Red won 42% on the mirrored arenas (docs/rules/
# arena-of-the-elders.md, "Balance").
FORWARD = (ORTHOGONAL, tuple((-dcol, -drow) for dcol, drow in ORTHOGONAL))
FAR = 99  # moves beyond any range: the searches stop there
_INSET = 0.15  # where the corner sample points of a square sit (see line_of_sight)


def edge(a: Square, b: Square) -> Edge:
    return (a, b) if a < b else (b, a)


def parse_side(text: str) -> Edge:
    """'C4:N' -> the line between C4 and C5."""
    square, _, side = text.partition(":")
    sq = Square.parse(square)
    if side.upper() not in SIDES:
        raise ValueError(f"{text!r}: a side is N, S, E or W")
    dcol, drow = SIDES[side.upper()]
    return edge(sq, Square(sq.col + dcol, sq.row + drow))


def side_name(e: Edge) -> str:
    a, b = e
    side = "N" if b.row > a.row else "E"
    return f"{a}:{side}"


@dataclass(frozen=True, slots=True)
class Arena:
    key: str
    name: str
    width: int
    height: int
    heights: tuple[tuple[int, ...], ...]  # [row][col]
    water: frozenset[Square]
    blocks: frozenset[Square]
    walls: frozenset[Edge]
    stairs: frozenset[Edge]
    starts: tuple[tuple[Square, ...], tuple[Square, ...]]  # by team
    flag_homes: tuple[Square, Square]
    flag_zones: tuple[frozenset[Square], frozenset[Square]]  # the home square included
    # The hash of the map's document: what its geometry is kept under (a GM's arena is
    # content, and two campaigns may give different maps one key).
    digest: str = field(compare=False)

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.col < self.width and 0 <= sq.row < self.height

    def open(self, sq: Square) -> bool:
        return self.contains(sq) and sq not in self.blocks

    def elevation(self, sq: Square) -> int:
        return self.heights[sq.row][sq.col]

    @property
    def raised(self) -> frozenset[Square]:
        """The squares of raised ground (height 1 or more)."""
        return self.geometry.raised

    def ledge(self, a: Square, b: Square) -> bool:
        return self.elevation(a) != self.elevation(b) and edge(a, b) not in self.stairs

    def lines_to_cross(self, a: Square, b: Square) -> int | None:
        """The lines a step from a to the orthogonal neighbour b crosses that only flying
        passes (a wall, or a ledge going up); None when b cannot be entered at all."""
        if not self.open(b):
            return None
        if edge(a, b) in self.walls:
            return 1
        if self.elevation(b) > self.elevation(a) and edge(a, b) not in self.stairs:
            return 1
        return 0

    def turned(self, sq: Square) -> Square:
        return Square(self.width - 1 - sq.col, self.height - 1 - sq.row)

    @property
    def geometry(self) -> Geometry:
        """What this map's shape answers, worked out once per map document."""
        found = _GEOMETRY.get(self.digest)
        if found is None:
            if len(_GEOMETRY) >= _KEPT:  # a long-lived worker sees many campaigns' maps
                _GEOMETRY.clear()
            found = _GEOMETRY[self.digest] = Geometry(self)
        return found


def arena_digest(raw: Mapping[str, Any]) -> str:
    """The hash of a map document, the same for the same content however it is written."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def arena_from_json(raw: Mapping[str, Any]) -> Arena:
    width, height = raw["width"], raw["height"]
    rows = list(raw["terrain"])
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError(f"{raw['key']}: terrain is {height} rows of {width}")
    heights: list[list[int]] = [[0] * width for _ in range(height)]
    water, blocks = set(), set()
    for top, line in enumerate(rows):
        row = height - 1 - top
        for col, ch in enumerate(line):
            sq = Square(col, row)
            if ch == "~":
                water.add(sq)
            elif ch == "#":
                blocks.add(sq)
            elif ch.isdigit():
                heights[row][col] = int(ch)
            elif ch != ".":
                raise ValueError(f"{raw['key']}: unknown terrain {ch!r} at {sq}")

    def turned(sq: Square) -> Square:
        return Square(width - 1 - sq.col, height - 1 - sq.row)

    explicit = isinstance(raw["start"], Mapping)

    def lines(edges: Iterable[str]) -> frozenset[Edge]:
        out = set()
        for text in edges:
            a, b = parse_side(text)
            out.add(edge(a, b))
            if not explicit:
                out.add(edge(turned(a), turned(b)))
        return frozenset(out)

    def flag_of(flag: Mapping[str, Any]) -> tuple[Square, frozenset[Square]]:
        home = Square.parse(flag["home"])
        return home, frozenset([home, *(Square.parse(s) for s in flag.get("zone", ()))])

    if explicit:
        starts = tuple(tuple(Square.parse(s) for s in raw["start"][team]) for team in TEAMS)
        flags = tuple(flag_of(raw["flag"][team]) for team in TEAMS)
    else:
        red_start = tuple(Square.parse(s) for s in raw["start"])
        home, zone = flag_of(raw["flag"])
        starts = (red_start, tuple(turned(s) for s in red_start))
        flags = ((home, zone), (turned(home), frozenset(turned(s) for s in zone)))
    return Arena(
        key=raw["key"],
        name=raw["name"],
        width=width,
        height=height,
        heights=tuple(tuple(r) for r in heights),
        water=frozenset(water),
        blocks=frozenset(blocks),
        walls=lines(raw.get("walls", ())),
        stairs=lines(raw.get("stairs", ())),
        starts=(starts[0], starts[1]),
        flag_homes=(flags[0][0], flags[1][0]),
        flag_zones=(flags[0][1], flags[1][1]),
        digest=arena_digest(raw),
    )


class Geometry:
    """What one arena's shape answers, worked out once and kept: the steps a move may take,
    the moves a range counts, the walks the tactics steer by, and the lines of sight between
    two squares (without characters). Kept under the hash of the map's document
    (Arena.geometry). Where the characters stand is the board's, not this: only the
    shortest ways past enemies that lie on one, and the way round them when they close all
    (moves_to), are searched anew, once per origin, target, enemies' places and range."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.squares = [
            Square(c, r)
            for r in range(arena.height)
            for c in range(arena.width)
            if arena.open(Square(c, r))
        ]
        # Each open square's height, and the squares of raised ground (height 1 or more).
        self.height = {sq: arena.elevation(sq) for sq in self.squares}
        self.raised = frozenset(sq for sq in self.squares if self.height[sq] >= 1)
        # Every square's name in A1 notation, blocks and water too (the log writes where each
        # character stands or fell, every turn).
        self.names = square_names(arena.width, arena.height)
        # Movement: the squares next to each that a step may enter, with the lines it crosses
        # (a wall, or a ledge going up: only flying passes them), in each team's own order of
        # directions (FORWARD).
        self.steps: tuple[dict[Square, tuple[tuple[Square, int], ...]], ...] = tuple(
            {sq: self._steps_from(sq, directions) for sq in self.squares} for directions in FORWARD
        )
        # A walker's steps out of each square (those that cross no line), in the same order:
        # the ways the tactics' walks go.
        self.walker_steps: tuple[dict[Square, tuple[Square, ...]], ...] = tuple(
            {sq: tuple([nxt for nxt, crossed in out if not crossed]) for sq, out in team.items()}
            for team in self.steps
        )
        # Range is counted in moves: walls and blocks stop it, ledges and water do not
        # (the elevation rule of line of sight decides across heights).
        self.near: dict[Square, tuple[Square, ...]] = {}
        for sq in self.squares:
            around = []
            for dcol, drow in ORTHOGONAL:
                nxt = Square(sq.col + dcol, sq.row + drow)
                if arena.open(nxt) and edge(sq, nxt) not in arena.walls:
                    around.append(nxt)
            self.near[sq] = tuple(around)
        # A walker's steps into each square: the squares next to it from which a step in
        # crosses no line (the walk tables are searched back from their goal over these).
        self.walked_into: dict[Square, tuple[Square, ...]] = {
            sq: tuple(
                prev
                for dcol, drow in ORTHOGONAL
                if arena.open(prev := Square(sq.col + dcol, sq.row + drow))
                and arena.lines_to_cross(prev, sq) == 0
            )
            for sq in self.squares
        }
        # What a traced line meets, by each square's number on the board (row * width +
        # col): the square, whether it is open, and each step across a wall line (from * count
        # + to, both ways).
        width, count = arena.width, arena.width * arena.height
        self.numbered = [Square(n % width, n // width) for n in range(count)]
        self.open_numbers = [arena.open(sq) for sq in self.numbered]
        self.wall_steps = frozenset(
            step
            for a, b in arena.walls
            if arena.contains(a) and arena.contains(b)  # a GM's wall may run along the edge
            for step in (
                (a.row * width + a.col) * count + b.row * width + b.col,
                (b.row * width + b.col) * count + a.row * width + a.col,
            )
        )
        # Whether the heights let two squares see each other, and the squares each clear line
        # between them passes over (characters there may block it); no lines where the
        # heights hide them, as nothing then lets them see each other.
        self.sights: Kept[tuple[Square, Square], Sight] = Kept(self._sight_between)
        # Moves from each square to every square it can count a range to, characters aside;
        # and a walker's moves from every square to each goal: read as plain look-ups.
        self.moves: Kept[Square, dict[Square, int]] = Kept(self._search)
        self.walks: Kept[Square, dict[Square, int]] = Kept(self._walk_to)
        self._blocked: dict[tuple[Square, Square, frozenset[Square], int], int] = {}

    def _steps_from(
        self, sq: Square, directions: tuple[tuple[int, int], ...]
    ) -> tuple[tuple[Square, int], ...]:
        arena = self.arena
        out = []
        for dcol, drow in directions:
            nxt = Square(sq.col + dcol, sq.row + drow)
            crossed = arena.lines_to_cross(sq, nxt) if arena.contains(nxt) else None
            if crossed is not None:
                out.append((nxt, crossed))
        return tuple(out)

    def moves_to(
        self, origin: Square, target: Square, blockers: frozenset[Square], limit: int
    ) -> int:
        """Moves from origin to target (FAR: not within `limit`), where squares in `blockers`
        (enemies: "for movement purposes enemy characters count as walls") may be reached
        but not passed through. A blocker can only lengthen the way when it lies on a
        shortest way (its moves from the origin and to the target add up to the target's);
        then the shortest ways are followed (`_open_shortest`), and only when blockers close
        them all is the way round searched (`_way_round`)."""
        static = self.moves[origin]
        moves = static.get(target, FAR)
        if moves > limit:
            return FAR
        back_to = self.moves[target]
        for b in blockers:
            if static.get(b, FAR) + back_to.get(b, FAR) == moves:
                key = (origin, target, blockers, limit)
                found = self._blocked.get(key)
                if found is None:
                    if len(self._blocked) >= _KEPT_SEARCHES:
                        self._blocked.clear()
                    if self._open_shortest(origin, back_to, blockers, moves):
                        found = moves
                    else:
                        found = self._way_round(origin, target, blockers, limit)
                    self._blocked[key] = found
                return found
        return moves

    def _open_shortest(
        self,
        origin: Square,
        back_to: dict[Square, int],
        blockers: frozenset[Square],
        moves: int,
    ) -> bool:
        """Whether a shortest way from origin to the target (`moves` long; `back_to`: the
        moves to the target from each square) passes no square of `blockers`: followed
        depth first from the origin over only the squares one move nearer the target, the
        blockers left out, until one is next to the target (which may stand among them)."""
        near = self.near
        ahead = [(origin, moves)]
        seen = set()
        while ahead:
            sq, left = ahead.pop()
            if left == 1:
                return True
            left -= 1
            for nxt in near[sq]:
                if back_to.get(nxt) == left and nxt not in blockers and nxt not in seen:
                    seen.add(nxt)
                    ahead.append((nxt, left))
        return False

    def _way_round(
        self, origin: Square, target: Square, blockers: frozenset[Square], limit: int
    ) -> int:
        """Moves from origin to target not passing `blockers` (FAR: not within `limit`):
        breadth first back from the target, a ring of squares one more move away at a time,
        over only the squares a way within `limit` can pass (those whose moves from the
        target so far and moves from the origin with nothing in the way add up to at most
        `limit`)."""
        static = self.moves[origin]
        seen = {target}
        ring = [target]
        moves = 0
        near = self.near
        while ring and moves < limit:
            moves += 1
            outer = []
            for sq in ring:
                if sq in blockers and sq != target:
                    continue
                for nxt in near.get(sq, ()):
                    if nxt == origin:
                        return moves
                    if nxt not in seen and moves + static.get(nxt, FAR) <= limit:
                        seen.add(nxt)
                        outer.append(nxt)
            ring = outer
        return FAR

    def _search(self, origin: Square) -> dict[Square, int]:
        """The moves a range counts from `origin` to every square, over `near` (`moves`)."""
        return ring_distances(origin, self.near)

    def _walk_to(self, goal: Square) -> dict[Square, int]:
        """Moves from every square to `goal` for a walker (no flying), water and characters
        ignored: what the tactics steer by (`walks`), over `walked_into` backwards."""
        return ring_distances(goal, self.walked_into)

    def _sight_between(self, pair: tuple[Square, Square]) -> Sight:
        """A pair's sight (`sights`): worked out once for both ways round."""
        a, b = pair
        if b < a:
            return self.sights[b, a]
        return self._work_out_sight(a, b)

    def _work_out_sight(self, a: Square, b: Square) -> Sight:
        """The centre line for the heights, then every line from a corner or the centre of
        a to one of b: their shapes (`_line_shapes`, the same wherever the pair stands), laid
        from a on this map."""
        centre, shapes = _line_shapes(b.col - a.col, b.row - a.row)
        between = self._laid(a, centre, walls=False) or []
        if not self._heights_allow(a, b, between):
            return False, ()
        lines = {
            frozenset(cells) for shape in shapes if (cells := self._laid(a, shape)) is not None
        }
        return True, tuple(sorted(lines, key=lambda s: (len(s), sorted(s))))

    def _heights_allow(self, a: Square, b: Square, between: list[Square]) -> bool:
        """Appendix, range rules: from above, a target must be at least as far from the edge
        of your height as you are; from below, at most as far. Both say: the lower one is at
        least as far from the edge as the higher one. Ground higher than both blocks."""
        height = self.arena.elevation
        ha, hb = height(a), height(b)
        if ha == hb:
            return all(height(c) <= ha for c in between)
        seq = [a, *between, b] if ha > hb else [b, *reversed(between), a]
        top = height(seq[0])
        if any(height(c) > top for c in seq[1:-1]):
            return False
        k = next(i for i, c in enumerate(seq) if height(c) < top)
        higher_from_edge = k - 1
        lower_from_edge = len(seq) - 1 - k
        return lower_from_edge >= higher_from_edge

    def _laid(self, a: Square, shape: LineShape, *, walls: bool = True) -> list[Square] | None:
        """The squares strictly between the ends of a line of this shape from a, in order;
        None when it crosses a wall line or a block (only when `walls`). A line through a
        corner passes if either way round the corner is open."""
        width, count = self.arena.width, len(self.numbered)
        numbered, open_numbers, wall_steps = self.numbered, self.open_numbers, self.wall_steps
        here = a.row * width + a.col
        out: list[Square] = []
        last = len(shape) - 1
        for step, (sideways, upways) in enumerate(shape):
            upways *= width  # a step's change of number
            nxt = here + sideways + upways
            if walls:
                if sideways and upways:
                    if not (
                        self._open_corner(here, here + sideways, nxt)
                        or self._open_corner(here, here + upways, nxt)
                    ):
                        return None
                elif here * count + nxt in wall_steps:
                    return None
            if step == last:
                break  # the far end
            if walls and not open_numbers[nxt]:
                return None
            out.append(numbered[nxt])
            here = nxt
        return out

    def _open_corner(self, a: int, via: int, b: int) -> bool:
        """Whether a line round a corner from square a to b by way of `via` (by number) is
        open."""
        count, wall_steps = len(self.numbered), self.wall_steps
        return (
            self.open_numbers[via]
            and a * count + via not in wall_steps
            and via * count + b not in wall_steps
        )


class Kept[K, V](dict[K, V]):
    """A table worked out one key at a time, the first time that key is read: after that a
    plain look-up."""

    __slots__ = ("work",)

    def __init__(self, work: Callable[[K], V]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: K) -> V:
        found = self[key] = self.work(key)
        return found


_GEOMETRY: dict[str, Geometry] = {}  # by the map document's digest
_KEPT = 64  # maps' geometries kept at once
_KEPT_SEARCHES = 64  # searches around enemies kept per map (a turn asks a few)


def _points(sq: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    """The centre (first) and four corner points of a square, a little inside it."""
    c, r = sq
    lo, hi = _INSET, 1 - _INSET
    return (
        (c + 0.5, r + 0.5),
        (c + lo, r + lo),
        (c + hi, r + lo),
        (c + lo, r + hi),
        (c + hi, r + hi),
    )


# A line's steps from square to square, (dcol, drow): one of them 0, or neither at a corner.
LineShape = tuple[tuple[int, int], ...]


@cache
def _line_shapes(dcol: int, drow: int) -> tuple[LineShape, frozenset[LineShape]]:
    """The shape of the line between the centres of two squares `dcol` and `drow` apart,
    and the distinct shapes of the lines from the centre or a corner of one to the centre or
    a corner of the other (`_points`): the same wherever the two stand, so worked out once
    for each distance apart and laid on each map (Geometry._laid)."""
    a, b = (0, 0), (dcol, drow)
    points_a, points_b = _points(a), _points(b)
    centre = _line_shape(points_a[0], points_b[0], b)
    return centre, frozenset(_line_shape(p, q, b) for p in points_a for q in points_b)


def _line_shape(p: tuple[float, float], q: tuple[float, float], b: tuple[int, int]) -> LineShape:
    """The squares the segment p-q passes through, from the square (0, 0) that holds p to
    the square `b` that holds q, as steps: a grid walk along the segment; where it passes
    through a corner, one step across it."""
    x0, y0 = p
    x1, y1 = q
    dx, dy = x1 - x0, y1 - y0
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    inf = float("inf")
    tdx = abs(1 / dx) if dx else inf
    tdy = abs(1 / dy) if dy else inf
    tmx = ((1 - x0) if dx > 0 else x0) * tdx if dx else inf
    tmy = ((1 - y0) if dy > 0 else y0) * tdy if dy else inf
    col, row = 0, 0
    steps: list[tuple[int, int]] = []
    while (col, row) != b:
        if abs(tmx - tmy) < 1e-9:
            step = (sx, sy)
            tmx += tdx
            tmy += tdy
        elif tmx < tmy:
            step = (sx, 0)
            tmx += tdx
        else:
            step = (0, sy)
            tmy += tdy
        steps.append(step)
        col, row = col + step[0], row + step[1]
    return tuple(steps)


def render(arena: Arena) -> str:
    """The map as text, top rank first: '~' water, '#' block, a digit for raised ground,
    'R'/'B' start zones, 'r'/'b' flag zones (capitals 'F'/'G' the flag homes), '.' floor.
    Walls and stairs are listed below it."""
    marks: dict[Square, str] = {}
    for team, letter in ((0, "r"), (1, "b")):
        for sq in arena.flag_zones[team]:
            marks[sq] = letter
        marks[arena.flag_homes[team]] = "F" if team == 0 else "G"
        for sq in arena.starts[team]:
            marks[sq] = letter.upper() if letter == "r" else "B"
    lines = []
    for row in range(arena.height - 1, -1, -1):
        cells = []
        for col in range(arena.width):
            sq = Square(col, row)
            if sq in marks:
                cells.append(marks[sq])
            elif sq in arena.blocks:
                cells.append("#")
            elif sq in arena.water:
                cells.append("~")
            elif arena.elevation(sq):
                cells.append(str(arena.elevation(sq)))
            else:
                cells.append(".")
        lines.append(f"{row + 1:>2} {' '.join(cells)}")
    lines.append("   " + " ".join(chr(ord("A") + c) for c in range(arena.width)))
    lines.append("walls: " + ", ".join(sorted(side_name(e) for e in arena.walls)))
    lines.append("stairs: " + ", ".join(sorted(side_name(e) for e in arena.stairs)))
    return "\n".join(lines)


def _load() -> dict[str, Arena]:
    raw = json.loads((Path(__file__).parent / "arenas.json").read_text())
    return {a["key"]: arena_from_json(a) for a in raw["arenas"]}


ARENAS: dict[str, Arena] = _load()
DEFAULT_ARENA = "elders-ring"


def ring_distances(start: Square, links: Mapping[Square, Iterable[Square]]) -> dict[Square, int]:
    """Breadth first from `start`, a ring of squares one more step away at a time: the steps
    to every square the `links` lead to."""
    dist = {start: 0}
    ring = [start]
    steps = 0
    while ring:
        steps += 1
        outer = []
        for sq in ring:
            for nxt in links.get(sq, ()):
                if nxt not in dist:
                    dist[nxt] = steps
                    outer.append(nxt)
        ring = outer
    return dist
