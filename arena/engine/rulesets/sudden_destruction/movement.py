"""Movement (2.1): one square at a time, orthogonally, each costing a movement point."""

from __future__ import annotations

from functools import lru_cache

from arena.engine.core.board import ORTHOGONAL, Square
from arena.engine.rulesets.sudden_destruction.events import Moved
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import Machine, Options


@lru_cache(maxsize=4096)
def step_towards(start: Square, goal: Square) -> Square:
    """One orthogonal step along a shortest route: along the longer difference first, files
    first on a tie, so that a route is the same whoever computes it. A pure function of two
    squares, kept: an 8x8 board has 4,096 pairs, and counters walk the same routes again."""
    dcol, drow = goal.col - start.col, goal.row - start.row
    if dcol == 0 and drow == 0:
        return start
    if abs(dcol) >= abs(drow):
        return Square(start.col + (1 if dcol > 0 else -1), start.row)
    return Square(start.col, start.row + (1 if drow > 0 else -1))


@lru_cache(maxsize=1024)
def square_name(square: Square) -> str:
    """A square's name in A1 notation, as a step's event writes it: a board has few squares
    and every step names two, so each name is made once."""
    return str(square)


def step(mover: int, to: Square, turn: Round, *, evading: bool = False) -> None:
    """The counter of seat `mover` moves one square to `to`, spending a movement point (the
    interrupts the step allows are combat.interrupts')."""
    m = turn.machines[mover]
    turn.tell(Moved(m.name, square_name(m.square), square_name(to), turn.tick, evading))
    turn.moves[mover] -= 1
    turn.machines[mover] = m.at(to)


def escape_route(
    board: Options, target: Machine, attacker: Machine, moves: int
) -> list[Square] | None:
    """The shortest way out of the attacker's range within the target's `moves` left (the
    farthest square from the attacker among the nearest ways, then A1 order); None when there
    is none."""
    reach = attacker.levels.range
    frontier: list[tuple[Square, list[Square]]] = [(target.square, [])]
    seen = {target.square}
    for _ in range(moves):
        found, nxt = [], []
        for square, path in frontier:
            for dcol, drow in ORTHOGONAL:
                to = Square(square.col + dcol, square.row + drow)
                if to in seen or not board.contains(to):
                    continue
                seen.add(to)
                way = [*path, to]
                nxt.append((to, way))
                if to.manhattan(attacker.square) > reach:
                    found.append(way)
        if found:
            return min(
                found, key=lambda w: (-w[-1].manhattan(attacker.square), w[-1].row, w[-1].col)
            )
        frontier = nxt
    return None
