"""What the order page shows before a turn is resolved: the squares each opponent can strike
next turn, and a "what if" turn (the player's draft against the opponents' default tactics).

Both read only the public state (where everyone stands, their race, weapon and HP): nobody's
real pending order is an input, so neither can reveal one. Both are pure: the state is never
changed (resolve_turn makes a new one).
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.data import WEAPONS
from arena.engine.rulesets.gladiator_arena.orders import destinations, strike_targets
from arena.engine.rulesets.gladiator_arena.resolve import resolve_turn
from arena.engine.rulesets.gladiator_arena.state import BoutState, Order
from arena.engine.rulesets.gladiator_arena.tactics import default_order

_AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def reach_of(state: BoutState, name: str) -> frozenset[Square]:
    """Every square `name` can hurt next turn, after any legal move (staying included): what
    it may strike from each square it may end on (a strike is made from the square moved to,
    even when bumped), and for a catapult the squares its splash lands on around each target
    (never its own square: splash spares the thrower)."""
    g = state.get(name)
    if g is None or not g.alive or state.finished:
        return frozenset()
    splash = WEAPONS[g.weapon].splash
    board = state.board
    reach: set[Square] = set()
    for dest in (None, *destinations(state, name)):
        origin = g.square if dest is None else dest
        for target in strike_targets(state, name, dest):
            reach.add(target)
            if splash:
                for dcol, drow in _AROUND:
                    near = Square(target.col + dcol, target.row + drow)
                    if near != origin and board.contains(near):
                        reach.add(near)
    return frozenset(reach)


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
    """The next turn as it would go if `who` gave `order` and every other living gladiator
    fought by default tactics (EngineInputError naming the problem for an illegal order)."""
    orders = {g.name: default_order(state, g.name) for g in state.living if g.name != who}
    orders[who] = order
    return resolve_turn(state, orders)
