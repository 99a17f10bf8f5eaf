"""What the order page shows before a turn is resolved: the squares each opponent can strike
next turn, and a "what if" turn (the player's draft against the opponents' default tactics).

Both read only the public state (where everyone stands, their race, weapon and HP): nobody's
real pending order is an input, so neither can reveal one. Both are pure: the state is never
changed (resolve_turn makes a new one).
"""

from __future__ import annotations

from arena.engine.core.board import Board, Square
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.orders import destinations, strikes_allowed
from arena.engine.rulesets.gladiator_arena.state import BoutState, Order, squares_around
from arena.engine.rulesets.gladiator_arena.tactics import default_order
from arena.engine.rulesets.gladiator_arena.turn import resolve_turn


def reach_of(state: BoutState, name: str) -> frozenset[Square]:
    """Every square `name` can hurt next turn, after any legal move (staying included): what
    it may strike from each square it may end on with a strike left (a strike is made from the
    square moved to, even when bumped), and for a catapult the squares its splash lands on
    around each target (never its own square: splash spares the thrower). The same squares as
    strike_targets() for every destination, found in one pass over the board instead of one
    per destination (tests/engine/gladiator_arena/test_preview.py compares the two)."""
    g = state.get(name)
    if g is None or not g.alive or state.finished:
        return frozenset()
    kit = g.kit
    origins = [
        g.square if dest is None else dest
        for dest in (None, *destinations(state, name))
        if strikes_allowed(g, dest) > 0
    ]
    low, high = kit.min_range, kit.max_range
    board = state.board
    reach: set[Square] = set()
    for target in board.squares():
        for origin in origins:
            distance = max(abs(target.col - origin.col), abs(target.row - origin.row))
            if distance >= low and (high is None or distance <= high):
                reach.add(target)
                if kit.splash:  # a catapult: one origin, where it stands
                    reach.update(_around(board, target) - {origin})
                    continue
                break
    return frozenset(reach)


def _around(board: Board, square: Square) -> set[Square]:
    return set(squares_around(board)[square])


def threats(state: BoutState, who: str) -> dict[Square, tuple[str, ...]]:
    """Square -> the opponents of `who` that can hurt a gladiator standing there next turn,
    in setup order (only squares someone threatens are listed)."""
    out: dict[Square, list[str]] = {}
    for g in state.gladiators:
        if g.name == who or not g.alive:
            continue
        for square in reach_of(state, g.name):
            out.setdefault(square, []).append(g.name)
    return {square: tuple(names) for square, names in out.items()}


def what_if(state: BoutState, who: str, order: Order) -> tuple[BoutState, tuple[Event, ...]]:
    """The next turn as it would go if `who` gave `order` (legal: validate_order, as the web's
    what-if checks it) and every other living gladiator fought by default tactics."""
    orders = {g.name: default_order(state, g.name) for g in state.living if g.name != who}
    orders[who] = order
    return resolve_turn(state, orders)
