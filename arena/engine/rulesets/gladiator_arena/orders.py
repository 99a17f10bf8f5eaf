"""Orders: their JSON, and one validation, usable one order (or one click) at a time, and
the legal choices.

Section 2 and the "Orders" rulings: a destination is an orthogonal neighbour (cost 1, giant 2)
or, for a halfling, any square at Manhattan distance 2 (cost 2); one strike per MpT left (bow:
one per 2 MpT; catapult: one, and only when not moving); range is measured from the
destination; the destination itself may not be struck.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.data import WEAPONS, Weapon, a
from arena.engine.rulesets.gladiator_arena.state import (
    STAY,
    BoutState,
    Concession,
    Gladiator,
    Order,
)

_ORDER_KEYS = {"move", "strike", "concede"}


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


def strikes_allowed(g: Gladiator, destination: Square | None) -> int:
    """How many strikes the gladiator may make after (not) moving to `destination`: his
    kit's strikes after staying, a one-square move, or a two-square one (data.strikes_left)."""
    if destination is None or destination == g.square:
        return g.kit.strikes[0]
    return g.kit.strikes[2 if g.square.manhattan(destination) == 2 else 1]


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


def destinations(state: BoutState, name: str) -> tuple[Square, ...]:
    """Every square the gladiator may order a move to (staying put is always possible too)."""
    g = state.get(name)
    if g is None or not g.alive:
        return ()
    board = state.board
    return moves_from(board.width, board.height, 2 if g.kit.double_move else 1)[g.square]


@functools.cache
def moves_from(width: int, height: int, reach: int) -> Mapping[Square, tuple[Square, ...]]:
    """Each square's destinations within `reach` squares (1, or a halfling's 2) on a board of
    that size, in `_steps_within`'s order. Made once per board size and reach: every turn
    asks for every gladiator's destinations, and the tactics for his enemies' next steps."""
    steps = _steps_within(reach)
    return MappingProxyType(
        {
            Square(col, row): tuple(
                [
                    Square(col + dcol, row + drow)
                    for dcol, drow in steps
                    if 0 <= col + dcol < width and 0 <= row + drow < height
                ]
            )
            for row in range(height)
            for col in range(width)
        }
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


def validate_order(state: BoutState, name: str, order: Order) -> tuple[Problem, ...]:
    """Every problem with one gladiator's order, in words ("E7 is out of range for a sword").
    An empty tuple means the order is legal. Works on partial orders, so a page can call it
    on each click; resolving a turn calls it for every order. Words are made only for a
    problem: a legal order costs a few comparisons against the gladiator's kit."""
    g = state.get(name)
    if g is None:
        return (Problem(ProblemKind.UNKNOWN_GLADIATOR, f"there is no gladiator named {name!r}"),)
    return gladiator_order_problems(state, g, order)


def gladiator_order_problems(state: BoutState, g: Gladiator, order: Order) -> tuple[Problem, ...]:
    """validate_order for a gladiator of the bout already found (read_order has him)."""
    if state.finished:
        return (Problem(ProblemKind.BOUT_OVER, "the bout is over"),)
    if not g.alive:
        return (
            Problem(
                ProblemKind.REMOVED,
                f"{g.name} was removed from the game on turn {g.died_on_turn} and can't act",
            ),
        )
    dest, strikes, concede = order.move, order.strikes, order.concede
    if concede is not None:
        return _concession_problems(state, order)

    problems: list[Problem] = []
    on_board = state.square_names  # its every square: a look-up, not a method call
    kit = g.kit
    here = g.square
    origin = here
    moved = 0  # squares moved (0: staying, or a move refused): kit.strikes is by it
    if dest is not None and dest != here:
        distance = here.manhattan(dest)
        if dest not in on_board:
            problems.append(_off_board(state, dest))
        elif distance == 1 or (distance == 2 and kit.double_move):
            origin, moved = dest, distance
        elif distance == 2 and here.is_diagonal_neighbour(dest):
            problems.append(
                Problem(
                    ProblemKind.DIAGONAL_MOVE,
                    f"{dest} is a diagonal move (moves are orthogonal only)",
                    dest,
                )
            )
        else:
            reach = "two squares" if kit.double_move else "one square"
            problems.append(
                Problem(
                    ProblemKind.NOT_ADJACENT,
                    f"{dest} is not adjacent to {here} ({a(g.race.value)} moves {reach} at most)",
                    dest,
                )
            )

    if not strikes:
        return tuple(problems)
    allowed = kit.strikes[moved]
    if kit.siege and moved:
        problems.append(
            Problem(ProblemKind.CATAPULT_MOVED, "a catapult can't strike in a turn it moves")
        )
    elif len(strikes) > allowed:
        problems.append(
            Problem(
                ProblemKind.TOO_MANY_STRIKES,
                f"too many strikes: {len(strikes)} ordered, "
                f"{_allowed_words(g, moved > 0, allowed)}",
            )
        )
    low, high = kit.min_range, kit.max_range
    for target in strikes:
        distance = origin.chebyshev(target)
        if low <= distance and (high is None or distance <= high) and target in on_board:
            continue
        if target not in on_board:
            problems.append(_off_board(state, target))
        elif target == origin:
            problems.append(
                Problem(
                    ProblemKind.OWN_SQUARE,
                    f"{target} is the square you move into or stay in; you can't strike it",
                    target,
                )
            )
        elif distance < low:
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


def _concession_problems(state: BoutState, order: Order) -> tuple[Problem, ...]:
    """Section 8 d: a concession stands alone, and only with exactly two left."""
    problems: list[Problem] = []
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


def _allowed_words(g: Gladiator, moving: bool, allowed: int) -> str:
    when = "after moving" if moving else "when staying"
    kind = f"{g.race.value} with {a(g.weapon.value)}"
    plural = "strike" if allowed == 1 else "strikes"
    return f"{a(kind)} has {allowed} {plural} {when}"


def parse_order(
    raw: object, where: str, name: str, named: Mapping[str, Square] | None = None
) -> Order:
    """One order from JSON: {"move": "D5", "strike": ["E6", "E5"], "concede": true}.
    `where` is the order's path in the input ("" when the caller adds it); `named` is the
    board's squares_by_name (any other square is read by Square.parse)."""
    if raw is None:
        return STAY
    if not isinstance(raw, dict):
        raise EngineInputError(where, f"{name}: an order must be an object")
    if not raw.keys() <= _ORDER_KEYS:
        unknown = sorted(set(raw) - _ORDER_KEYS)
        raise EngineInputError(
            f"{where}.{unknown[0]}", f"{name}: unknown order key (expected move, strike, concede)"
        )
    named = named or {}
    move = raw.get("move")
    square = None
    if move is not None:
        square = named.get(move) if type(move) is str else None
        if square is None:
            square = _square(move, f"{where}.move", name)
    strikes_raw = raw.get("strike")
    strikes: tuple[Square, ...] = ()
    if strikes_raw:
        if not isinstance(strikes_raw, list):
            raise EngineInputError(f"{where}.strike", f"{name}: must be a list of squares")
        try:  # usually every square is one of the board's names
            strikes = tuple([named[s] for s in strikes_raw])
        except (KeyError, TypeError):
            strikes = tuple([_square(s, f"{where}.strike", name) for s in strikes_raw])
    elif strikes_raw is not None and not isinstance(strikes_raw, list):
        raise EngineInputError(f"{where}.strike", f"{name}: must be a list of squares")
    concede = raw.get("concede")
    choice = None
    if concede is None or concede is False:
        pass
    elif concede is True or concede == Concession.AWARD_KILL:
        choice = Concession.AWARD_KILL
    elif concede == Concession.LOSE_KILL:
        choice = Concession.LOSE_KILL
    else:
        raise EngineInputError(
            f"{where}.concede", f'{name}: must be true, "award_kill" or "lose_kill"'
        )
    return Order(square, strikes, choice)


def order_to_json(order: Order) -> dict[str, Any]:
    """The JSON form parse_order reads back (a concession stands alone): what is kept of a
    typed order (a web turn's stored orders, the forum's typed lines)."""
    if order.concede is not None:
        return {"concede": order.concede.value}
    out: dict[str, Any] = {}
    if order.move is not None:
        out["move"] = str(order.move)
    if order.strikes:
        out["strike"] = [str(s) for s in order.strikes]
    return out


def _square(text: object, where: str, name: str) -> Square:
    try:
        return Square.parse(text)  # type: ignore[arg-type]
    except ValueError:
        raise EngineInputError(where, f"{name}: {text!r} is not a square like D5") from None


def read_order(state: BoutState, name: str, raw: object) -> Order:
    """`name`'s order for the next turn from its JSON, read and checked once, where it comes
    in (a given turn, a turn of play by web): parse_order with squares by the board's names,
    then validate_order. EngineInputError at its place in the bout's input for one that
    cannot be read (`turns[i].Name.strike`) or that the rules refuse (`turns[i].Name`,
    naming the gladiator, the turn and every problem). An empty order for someone already
    removed is harmless (a form sent it); anything else of his is refused ("a removed
    gladiator never acts"). The turn takes the orders it is given as legal."""
    turn = state.turn + 1  # (the number the players know the turn by: turns[turn - 1])
    g = state.get(name)
    if g is None:
        raise EngineInputError(
            f"turns[{turn - 1}].{name}", f"turn {turn}: there is no gladiator named {name!r}"
        )
    if state.finished:
        raise EngineInputError(f"turns[{turn - 1}]", f"turn {turn}: the bout is already over")
    try:
        order = parse_order(raw, "", name, state.squares_by_name)
    except EngineInputError as error:
        raise EngineInputError(f"turns[{turn - 1}].{name}{error.field}", error.message) from None
    problems = gladiator_order_problems(state, g, order)
    if problems and not (problems[0].kind is ProblemKind.REMOVED and order == STAY):
        words = "; ".join(p.text for p in problems)
        raise EngineInputError(f"turns[{turn - 1}].{name}", f"{name} on turn {turn}: {words}")
    return order
