"""Order validation, usable one order (or one click) at a time, and the legal choices.

Section 2 and the "Orders" rulings: a destination is an orthogonal neighbour (cost 1, giant 2)
or, for a halfling, any square at Manhattan distance 2 (cost 2); one strike per MpT left (bow:
one per 2 MpT; catapult: one, and only when not moving); range is measured from the
destination; the destination itself may not be struck.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena.data import RACES, WEAPONS, Weapon, a
from arena.engine.rulesets.gladiator_arena.state import BoutState, Gladiator, Order


class ProblemKind(Enum):
    UNKNOWN_GLADIATOR = "unknown_gladiator"
    REMOVED = "removed"
    BOUT_OVER = "bout_over"
    CONCEDE_WITH_ACTIONS = "concede_with_actions"
    CONCEDE_NOT_TWO = "concede_not_two"
    OFF_BOARD = "off_board"
    DIAGONAL_MOVE = "diagonal_move"
    NOT_ADJACENT = "not_adjacent"
    TOO_MANY_STRIKES = "too_many_strikes"
    CATAPULT_MOVED = "catapult_moved"
    OWN_SQUARE = "own_square"
    OUT_OF_RANGE = "out_of_range"
    TOO_CLOSE = "too_close"


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with an order, in words for a player (`text`) and as a kind for code."""

    kind: ProblemKind
    text: str
    square: Square | None = None

    def __str__(self) -> str:
        return self.text


def move_cost(g: Gladiator, destination: Square | None) -> int:
    """MpT a move costs: 0 to stay, 1 for a step (giant 2), 2 for a halfling's double move."""
    if destination is None or destination == g.square:
        return 0
    if g.square.manhattan(destination) == 2:
        return 2
    return RACES[g.race].move_cost


def strikes_allowed(g: Gladiator, destination: Square | None) -> int:
    """How many strikes the gladiator may make after (not) moving to `destination`."""
    moving = destination is not None and destination != g.square
    left = RACES[g.race].mpt - move_cost(g, destination)
    weapon = WEAPONS[g.weapon]
    if weapon.siege:
        return 0 if moving or left <= 0 else 1
    return left // weapon.strike_cost


def in_range(weapon: Weapon, origin: Square, target: Square) -> bool:
    stats = WEAPONS[weapon]
    distance = max(abs(origin.col - target.col), abs(origin.row - target.row))
    if distance < stats.min_range:
        return False
    return stats.max_range is None or distance <= stats.max_range


def _steps_within(reach: int) -> tuple[tuple[int, int], ...]:
    """The (column, row) steps of a move of 1..reach squares (Manhattan), rank by rank from
    the lowest, file by file: the order destinations are listed in."""
    return tuple(
        (dcol, drow)
        for drow in range(-reach, reach + 1)
        for dcol in range(-reach, reach + 1)
        if 0 < abs(dcol) + abs(drow) <= reach
    )


# Made once: every turn asks for every gladiator's destinations.
_STEPS_BY_REACH = {1: _steps_within(1), 2: _steps_within(2)}


def destinations(state: BoutState, name: str) -> tuple[Square, ...]:
    """Every square the gladiator may order a move to (staying put is always possible too)."""
    g = state.get(name)
    if g is None or not g.alive:
        return ()
    width, height = state.board.width, state.board.height
    col, row = g.square
    steps = _STEPS_BY_REACH[2 if RACES[g.race].double_move else 1]
    return tuple(
        [
            Square(col + dcol, row + drow)
            for dcol, drow in steps
            if 0 <= col + dcol < width and 0 <= row + drow < height
        ]
    )


def strike_targets(
    state: BoutState, name: str, destination: Square | None = None
) -> tuple[Square, ...]:
    """Every square the gladiator may strike after moving to `destination` (None: staying)."""
    g = state.get(name)
    if g is None or not g.alive or strikes_allowed(g, destination) == 0:
        return ()
    origin = g.square if destination is None else destination
    return tuple(
        sq for sq in state.board.squares() if sq != origin and in_range(g.weapon, origin, sq)
    )


def _range_words(weapon: Weapon) -> str:
    stats = WEAPONS[weapon]
    if stats.max_range is None:
        return f"{a(weapon.value)} can't strike within {stats.min_range - 1} square(s) of you"
    return f"{a(weapon.value)} reaches {stats.max_range} square(s)"


def is_legal(state: BoutState, g: Gladiator, order: Order) -> bool:
    """The hot path's check, same verdict as `not validate_order(...)` for a living gladiator
    in a running bout and an order without a concession, without building any words."""
    race = RACES[g.race]
    weapon = WEAPONS[g.weapon]
    here = g.square
    dest = order.move
    width, height = state.board.width, state.board.height
    left = race.mpt
    moving = dest is not None and dest != here
    if moving:
        assert dest is not None
        if not (0 <= dest.col < width and 0 <= dest.row < height):
            return False
        distance = abs(dest.col - here.col) + abs(dest.row - here.row)
        if distance == 1:
            left -= race.move_cost
        elif distance == 2 and race.double_move:
            left -= 2
        else:
            return False
        origin = dest
    else:
        origin = here
    strikes = order.strikes
    if not strikes:
        return True
    if weapon.siege:
        if moving or len(strikes) > 1 or left <= 0:
            return False
    elif len(strikes) > left // weapon.strike_cost:
        return False
    low, high = weapon.min_range, weapon.max_range
    ocol, orow = origin.col, origin.row
    for t in strikes:
        if not (0 <= t.col < width and 0 <= t.row < height):
            return False
        dcol, drow = abs(t.col - ocol), abs(t.row - orow)
        distance = dcol if dcol > drow else drow
        if distance < low or (high is not None and distance > high):
            return False
    return True


def validate_order(state: BoutState, name: str, order: Order) -> tuple[Problem, ...]:
    """Every problem with one gladiator's order, in words ("E7 is out of range for a sword").
    An empty tuple means the order is legal. Works on partial orders, so a page can call it
    on each click."""
    g = state.get(name)
    if g is None:
        return (Problem(ProblemKind.UNKNOWN_GLADIATOR, f"there is no gladiator named {name!r}"),)
    if state.finished:
        return (Problem(ProblemKind.BOUT_OVER, "the bout is over"),)
    if not g.alive:
        return (
            Problem(
                ProblemKind.REMOVED,
                f"{name} was removed from the game on turn {g.died_on_turn} and can't act",
            ),
        )
    problems: list[Problem] = []
    if order.concede is not None:
        if order.move is not None or order.strikes:
            problems.append(
                Problem(
                    ProblemKind.CONCEDE_WITH_ACTIONS,
                    "a gladiator who concedes can't also move or strike",
                )
            )
        if sum(1 for other in state.gladiators if other.alive) != 2:
            problems.append(
                Problem(
                    ProblemKind.CONCEDE_NOT_TWO,
                    "you can only concede when exactly two gladiators remain",
                )
            )
        return tuple(problems)

    board = state.board
    dest = order.move
    origin = g.square
    if dest is not None and dest != g.square:
        if not board.contains(dest):
            problems.append(_off_board(state, dest))
        else:
            distance = g.square.manhattan(dest)
            double = RACES[g.race].double_move
            if distance == 2 and double:
                origin = dest
            elif distance == 2 and g.square.is_diagonal_neighbour(dest):
                problems.append(
                    Problem(
                        ProblemKind.DIAGONAL_MOVE,
                        f"{dest} is a diagonal move (moves are orthogonal only)",
                        dest,
                    )
                )
            elif distance != 1:
                reach = "two squares" if double else "one square"
                problems.append(
                    Problem(
                        ProblemKind.NOT_ADJACENT,
                        f"{dest} is not adjacent to {g.square} "
                        f"({a(g.race.value)} moves {reach} at most)",
                        dest,
                    )
                )
            else:
                origin = dest
        if problems:
            dest = None

    weapon = WEAPONS[g.weapon]
    allowed = strikes_allowed(g, dest)
    if order.strikes and weapon.siege and dest is not None and dest != g.square:
        problems.append(
            Problem(ProblemKind.CATAPULT_MOVED, "a catapult can't strike in a turn it moves")
        )
    elif len(order.strikes) > allowed:
        problems.append(
            Problem(
                ProblemKind.TOO_MANY_STRIKES,
                f"too many strikes: {len(order.strikes)} ordered, "
                f"{_allowed_words(g, dest, allowed)}",
            )
        )
    for target in order.strikes:
        if not board.contains(target):
            problems.append(_off_board(state, target))
        elif target == origin:
            problems.append(
                Problem(
                    ProblemKind.OWN_SQUARE,
                    f"{target} is the square you move into or stay in; you can't strike it",
                    target,
                )
            )
        elif not in_range(g.weapon, origin, target):
            distance = origin.chebyshev(target)
            if distance < weapon.min_range:
                problems.append(
                    Problem(
                        ProblemKind.TOO_CLOSE,
                        f"{target} is too close for {a(g.weapon.value)} ({_range_words(g.weapon)})",
                        target,
                    )
                )
            else:
                problems.append(
                    Problem(
                        ProblemKind.OUT_OF_RANGE,
                        f"{target} is out of range for {a(g.weapon.value)} "
                        f"({_range_words(g.weapon)} from {origin})",
                        target,
                    )
                )
    return tuple(problems)


def _off_board(state: BoutState, square: Square) -> Problem:
    board = state.board
    return Problem(
        ProblemKind.OFF_BOARD,
        f"{_name(square)} is off the {board.width}x{board.height} board",
        square,
    )


def _name(square: Square) -> str:
    if 0 <= square.col < 26:
        return f"{chr(ord('A') + square.col)}{square.row + 1}"
    return f"({square.col + 1},{square.row + 1})"


def _allowed_words(g: Gladiator, dest: Square | None, allowed: int) -> str:
    moving = dest is not None and dest != g.square
    when = "after moving" if moving else "when staying"
    kind = f"{g.race.value} with {a(g.weapon.value)}"
    plural = "strike" if allowed == 1 else "strikes"
    return f"{a(kind)} has {allowed} {plural} {when}"
