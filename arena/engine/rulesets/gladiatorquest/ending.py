"""The end of a bout (II.G): the last side standing wins, or the Emperor stops it."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiatorquest.events import BoutOver
from arena.engine.rulesets.gladiatorquest.state import BoutState, Status
from arena.engine.rulesets.gladiatorquest.wounds import kill


def last_side_standing(state: BoutState, turn: Turn) -> BoutState:
    """II.G: the bout ends when one side is left standing (or nobody is). A fallen
    gladiator keeps it going while a teammate may still heal him (VI.A); at the end he
    is dead."""
    if state.finished:
        return state
    fighting = {f.side for f in state.fighters if f.fighting}
    if len(fighting) > 1:
        return state
    if fighting and any(f.status is Status.DOWN for f in state.fighters):
        return state
    for f in state.fighters:
        if f.status is Status.DOWN:
            state = kill(state, turn, f.name, f.last_hit_by)
    if fighting:
        return finish(state, turn, fighting.pop(), "last left standing")
    return finish(state, turn, None, "nobody is left standing")


def finish(state: BoutState, turn: Turn, winner: str | None, reason: str) -> BoutState:
    turn.tell(BoutOver(winner, reason))
    return replace(state, finished=True, winner=winner, reason=reason)
