"""A turn being resolved, and what happens to a body (VI).

A turn is resolved on a BoutState of its own (`begin`): the state handed over by a caller
that never reads it again (`owned`: GladiatorQuest.advance, for the driver), else a copy, so
that apply changes nothing it is given. The phase functions (movement.py, actions.py,
combat.py) take it as `turn` and change it; `end` gives it back as the next state with what
happened. Damage, falling, death and mercy are here because every phase deals them out.
"""

from __future__ import annotations

from dataclasses import replace

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiatorquest.data import ITEMS
from arena.engine.rulesets.gladiatorquest.events import BoutOver, Fallen, PotionDrunk
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    FighterState,
    Lying,
    Status,
    can_heal,
    fronts_of,
)


def begin(state: BoutState, dice: Dice) -> BoutState:
    """The state the next turn is resolved on: a copy of it with copies of its fighters, so
    that `state` is never changed. Until `end` it carries the dice the turn rolls and the
    events so far."""
    if True:  # (the copy works out its own tables of who stands where and who is who)
        state = replace(state, fighters=tuple([f.copy() for f in state.fighters]))
    state.dice = dice
    state.events = []
    return state


def end(turn: BoutState, phase: str) -> tuple[BoutState, list[Event]]:
    """The turn is over: the next state (the fronts of the combat round it leads to worked
    out), and what happened."""
    turn.phase = phase
    turn.fronts = fronts_of(turn) if turn.combat else {}
    turn.dice = None
    return turn, turn.events


def place(turn: BoutState, f: FighterState, square: Square | None) -> None:
    """Move a figure (None: off the board)."""
    if f.square is not None:
        del turn.occupied[f.square]
    f.square = square
    if square is not None:
        turn.occupied[square] = f


def lay(turn: BoutState, item: str, square: Square, owner: FighterState) -> None:
    turn.ground = (*turn.ground, Lying(item, square, owner.name))
    owner.note(thrown=(*owner.record.thrown, item))


# --- damage, falls and deaths (VI) --------------------------------------------------


def wound(turn: BoutState, target: FighterState, amount: int, by: FighterState | None) -> int:
    """Damage from an opponent (or friendly fire). Striking a gladiator the Emperor spared
    brings the archers down on the striker (VI.B); the spared one is unharmed."""
    if amount <= 0:
        return 0
    if target.status is Status.MERCY:
        if by is not None and by is not target and by.status is Status.FIGHTING:
            slay_by_archers(turn, by)
        return 0
    if target.status is not Status.FIGHTING:
        return 0
    actual = min(amount, target.body)
    target.body -= actual
    if target.effects.rock_skin:
        target.affect(rock_skin=0)
    if by is not None and by.side != target.side:
        by.tally += actual
        target.last_hit_by = by.name
    return actual


def settle(turn: BoutState) -> None:
    """VI.A: at 0 body a gladiator drinks his own healing potion if he has one; else he
    falls, and is killed unless a teammate able to heal him is still fighting."""
    for f in turn.fighters:
        if f.body > 0 or f.status is not Status.FIGHTING:
            continue
        if "healing_potion" in f.carried:
            drink(turn, f, "healing_potion", given_by=None)
            if f.body > 0:
                continue
        if any(
            o is not f and o.side == f.side and o.status is Status.FIGHTING and can_heal(o)
            for o in turn.fighters
        ):
            f.status = Status.DOWN
            f.note(down_until=turn.phase_no + 1, out_at=turn.turn)
            turn.events.append(Fallen(f.name, "down", f.last_hit_by))
        else:
            kill(turn, f, f.last_hit_by)


def kill(turn: BoutState, f: FighterState, by: str | None, *, how: str = "killed") -> None:
    """`by` is credited with the defeat (VII) when he is a gladiator and it was a kill."""
    f.status = Status.DEAD
    credited = by if how == "killed" and by in turn.by_name else f.record.defeated_by
    f.note(killed_by=by, out_at=f.record.out_at or turn.turn, defeated_by=credited)
    turn.events.append(Fallen(f.name, how, by))


def slay_by_archers(turn: BoutState, f: FighterState) -> None:
    f.body = 0
    kill(turn, f, "the Emperor's archers", how="archers")


def spare(turn: BoutState, f: FighterState) -> None:
    """VI.B: the Emperor grants mercy; "he is still considered defeated"."""
    f.status = Status.MERCY
    credited = f.last_hit_by if f.last_hit_by in turn.by_name else None
    f.note(out_at=turn.turn, defeated_by=credited)


def drink(turn: BoutState, f: FighterState, potion: str, *, given_by: FighterState | None) -> None:
    """IV.C.4 / VI.A. A given potion is the giver's loss (his potions_used)."""
    owner = f if given_by is None else given_by
    owner.drop(potion)
    owner.note(potions_used=(*owner.record.potions_used, potion))
    roll = None
    if potion == "healing_potion":
        roll = turn.dice.d6()
        heal(f, roll)
    elif potion == "strength_potion":
        f.affect(courage=f.effects.courage + 2)
    elif potion == "defense_potion":
        f.affect(defense_bonus=f.effects.defense_bonus + 2)
    elif potion == "speed_potion":
        f.affect(double_move=True)
    elif potion == "heroic_brew":
        f.affect(heroic=True)
    given = None if given_by is None else given_by.name
    turn.events.append(PotionDrunk(f.name, ITEMS[potion].name.lower(), given, roll, f.body))


# --- the end (II.G, VI) ---------------------------------------------------------------


def check_over(turn: BoutState) -> bool:
    """II.G: the bout ends when one side is left standing (or nobody is). A fallen
    gladiator keeps it going while a teammate may still heal him (VI.A); at the end he
    is dead."""
    if turn.finished:
        return True
    fighting = {f.side for f in turn.fighters if f.status is Status.FIGHTING}
    if len(fighting) > 1:
        return False
    if fighting and any(f.status is Status.DOWN for f in turn.fighters):
        return False
    for f in turn.fighters:
        if f.status is Status.DOWN:
            kill(turn, f, f.last_hit_by)
    if fighting:
        finish(turn, fighting.pop(), "last left standing")
    else:
        finish(turn, None, "nobody is left standing")
    return True


def finish(turn: BoutState, winner: str | None, reason: str) -> None:
    turn.finished = True
    turn.winner = winner
    turn.reason = reason
    turn.events.append(BoutOver(winner, reason))


def heal(f: FighterState, amount: int) -> int:
    """Up to his starting body; a fallen gladiator healed above 0 fights on (VI.A)."""
    before = f.body
    f.body = min(f.gladiator.max_body, f.body + amount)
    if f.status is Status.DOWN and f.body > 0:
        f.status = Status.FIGHTING
        f.note(out_at=0)
    return f.body - before
