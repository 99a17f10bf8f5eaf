"""The end of a combatant's turn: boosts that last no longer run out, and the bout is over
when a gladiator has fallen ("a round of fight-to-the-death"), or at the turn limit, where
Ludus decides it on points (the larger share of hit points left; equal shares: a draw)."""

from __future__ import annotations

from arena.engine.core.protocol import Fate
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.events import Ended
from arena.engine.rulesets.gladiator_101.state import Fighter, State


def end_of_turn(state: State, turn: Turn) -> State:
    """The turn counted and boosts run out (wear_off), then whether the bout is over."""
    state = wear_off(state)
    a, b = state.fighters
    if not (a.standing and b.standing):
        return fall_ends_the_bout(state, turn)
    if state.turn >= state.options.max_turns:
        return decide_on_points(state, turn)
    return state


def wear_off(state: State) -> State:
    """The next turn's state: boosts last while the turn number is below their `until`. A
    fighter none of whose boosts ran out is kept as it is, and the state is made once."""
    t = state.turn + 1
    a, b = state.fighters
    return replace(state, fighters=(_worn(a, t), _worn(b, t)), turn=t)


def _worn(f: Fighter, turn: int) -> Fighter:
    for boost in f.boosts:
        if boost.until <= turn:
            return replace(f, boosts=tuple(b for b in f.boosts if b.until > turn))
    return f


def fall_ends_the_bout(state: State, turn: Turn) -> State:
    """A fallen gladiator ends the bout; the one standing wins."""
    standing = [f for f in state.fighters if f.standing]
    fallen = next(f for f in state.fighters if not f.standing)
    how = "killed" if fallen.fate is Fate.DEAD else "knocked out"
    turn.tell(Ended(standing[0].name if standing else "", f"{fallen.name} {how}"))
    return replace(state, finished=True)


def share(f: Fighter) -> float:
    """The share of its hit points a gladiator has left."""
    return f.hp_total / sum(f.traits.max_hp)


def decide_on_points(state: State, turn: Turn) -> State:
    """At the turn limit the larger share of hit points left wins; the other is defeated."""
    a, b = state.fighters
    limit = state.turn
    if share(a) == share(b):
        turn.tell(Ended("", f"the turn limit of {limit}, equal hit points"))
        return replace(state, finished=True)
    winner, loser = (a, b) if share(a) > share(b) else (b, a)
    turn.tell(Ended(winner.name, f"on points at the turn limit of {limit}"))
    state = state.with_fighter(replace(loser, fate=Fate.DEFEATED, felled_by=winner.name))
    return replace(state, finished=True)
