"""Movement (section 2): every gladiator's move at once, with bumps, before any strike."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.board import Square
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.events import Bumped, BumpReason, Moved
from arena.engine.rulesets.gladiator_arena.state import BoutState, Gladiator, Order


def intended_moves(state: BoutState, orders: Mapping[str, Order]) -> dict[int, Square]:
    """The square each living gladiator (by setup index, in setup order) orders a move to;
    staying is none."""
    moves: dict[int, Square] = {}
    for i, g in enumerate(state.gladiators):
        order = orders.get(g.name) if g.alive else None
        if order is not None:
            move = order.move
            if move is not None and move != g.square:
                moves[i] = move
    return moves


def bump(state: BoutState, moves: Mapping[int, Square]) -> dict[int, BumpReason]:
    """Section 2's bump, by setup index: two or more moving into one square all stay where
    they were; a gladiator moving into a square whose occupant stays (or is bumped back)
    stays; two trying to swap squares meet in between and both stay. A bump can leave its
    gladiator in the way of another mover, so the rule is applied until nothing changes."""
    at_start = {g.square: i for i, g in enumerate(state.gladiators) if g.alive}
    moving = set(moves)
    bumped: dict[int, BumpReason] = {}
    while moving:
        newly: dict[int, BumpReason] = {}
        claims: dict[Square, list[int]] = {}
        for i in moving:
            claims.setdefault(moves[i], []).append(i)
        for claimants in claims.values():
            if len(claimants) > 1:
                for i in claimants:
                    newly[i] = BumpReason.SAME_SQUARE
        for i in moving:
            if i in newly:
                continue
            j = at_start.get(moves[i])
            if j is None:
                continue
            if j in moving and j not in newly:
                if moves[j] == state.gladiators[i].square:
                    newly[i] = newly[j] = BumpReason.SWAP
            else:
                newly[i] = BumpReason.OCCUPIED
        if not newly:
            break
        bumped.update(newly)
        moving.difference_update(newly)
    return bumped


def movement(
    state: BoutState, glads: list[Gladiator], orders: Mapping[str, Order], told: list[Event]
) -> None:
    """Everyone's move at once: the bumped stay (a halfling bumped after two squares returns
    to where it stood after the previous turn, which is where it stands), the rest arrive
    (in `glads`, the turn's gladiators)."""
    moves = intended_moves(state, orders)
    if not moves:
        return
    bumped = bump(state, moves)
    names = state.square_names
    for i in sorted(bumped):
        g = glads[i]
        told.append(Bumped.of(g.name, names[g.square], names[moves[i]], bumped[i]))
    for i, square in moves.items():  # in setup order, as intended_moves found them
        if i not in bumped:
            g = glads[i]
            told.append(Moved.of(g.name, names[g.square], names[square]))
            glads[i] = g.moved_to(square)
