"""Basic Movement: "Each player has a "Base Movement Speed" of 30 feet ... A player can use a
move action to move up to their modified Base Movement Speed. A player can convert their
standard action into a move action, and so may do this twice in one turn."

A square is 5 feet and a diagonal step counts one, so the speed is six squares; a leg at 0
hit points takes LAME squares off it. Melee reaches the eight squares around.
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.data import LAME, LEFT_LEG, RIGHT_LEG, SPEED
from arena.engine.rulesets.gladiator_101.events import Moved
from arena.engine.rulesets.gladiator_101.state import Fighter, State, boost_total


def movement_points(f: Fighter) -> int:
    """The squares one move action goes: the base speed, feats, and lame legs (never below 1)."""
    lame = sum(1 for leg in (LEFT_LEG, RIGHT_LEG) if f.hp_at(leg) == 0)
    return max(1, SPEED + f.traits.get("speed") - LAME * lame)


def reach(a: Square, b: Square) -> bool:
    """Melee reach: the eight squares around."""
    return a.chebyshev(b) == 1


def knocked_down(f: Fighter, turn: int) -> bool:
    """Knocked down (Sweep): its move action this turn is spent getting up."""
    return boost_total(f, "prone", turn) > 0


def move(state: State, square: Square, action: str, turn: Turn) -> State:
    """The actor moves to `square` with its move action, or its standard action converted
    into a move (`action` "move" or "standard")."""
    me = state.actor
    turn.tell(Moved(me.name, str(me.square), str(square), action))
    return state.with_fighter(replace(me, square=square))
