"""A turn being resolved: working copies of the gladiators, and what happens to a body (VI).

A Turn is made from a BoutState, changed by the phase functions (movement.py, actions.py,
combat.py) and frozen into the next BoutState. The state it was made from is never changed,
unless it was handed over (`owned`: GladiatorQuest.advance, for the driver that never reads a
state again once passed on): then the turn takes its fighters and tables instead of copies.
Damage, falling, death and mercy are here because every phase deals them out.
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiatorquest.data import ITEMS
from arena.engine.rulesets.gladiatorquest.events import BoutOver, Fallen, PotionDrunk
from arena.engine.rulesets.gladiatorquest.state import (
    BoutState,
    Contact,
    FighterState,
    Lying,
    Status,
    can_heal,
)


class Turn:
    """The working copy of a bout while one turn (a movement step or a combat round) is
    resolved, with the events so far."""

    __slots__ = (
        "board",
        "by_name",
        "combat",
        "dice",
        "events",
        "fighters",
        "finished",
        "ground",
        "impatient",
        "number",
        "occupied",
        "options",
        "phase_no",
        "reason",
        "rolled",
        "standoff",
        "winner",
    )

    def __init__(self, state: BoutState, dice: Dice, owned: bool = False) -> None:
        self.options = state.options
        self.board = state.options.board
        self.dice = dice
        self.number = state.turn + 1
        # A tuple, as the state's: a turn changes its fighters but never adds nor removes one.
        if owned:
            self.fighters = state.fighters
            self.by_name = state.by_name
            self.occupied = state.occupied
        else:
            self.fighters = tuple([f.copy() for f in state.fighters])
            self.by_name = {f.name: f for f in self.fighters}
            self.occupied = {f.square: f for f in self.fighters if f.square is not None}
        self.ground = list(state.ground)
        self.phase_no = state.phase_no
        self.rolled = state.rolled
        self.combat: tuple[Contact, ...] = state.combat
        self.standoff = state.standoff
        self.impatient = state.impatient
        self.finished = state.finished
        self.winner = state.winner
        self.reason = state.reason
        self.events: list[Event] = []

    def freeze(self, phase: str, turn: int) -> BoutState:
        # BoutState's fields in their order, not by keyword: a class called with keywords
        # goes through a dict of them (a third of the cost here, made every turn). The turn
        # is done with its tables of who stands where and who is who: the state takes them.
        return BoutState(
            self.options,
            self.fighters,
            tuple(self.ground),
            turn,
            phase,
            self.phase_no,
            self.rolled,
            self.combat,
            self.standoff,
            self.impatient,
            self.finished,
            self.winner,
            self.reason,
            (self.occupied, self.by_name),
        )

    def enemies(self, f: FighterState) -> list[FighterState]:
        return [o for o in self.fighters if o.status is Status.FIGHTING and o.side != f.side]

    def place(self, f: FighterState, square: Square | None) -> None:
        """Move a figure (None: off the board)."""
        if f.square is not None:
            del self.occupied[f.square]
        f.square = square
        if square is not None:
            self.occupied[square] = f

    def lay(self, item: str, square: Square, owner: FighterState) -> None:
        self.ground.append(Lying(item, square, owner.name))
        owner.note(thrown=(*owner.record.thrown, item))

    # --- damage, falls and deaths (VI) --------------------------------------------------

    def wound(self, target: FighterState, amount: int, by: FighterState | None) -> int:
        """Damage from an opponent (or friendly fire). Striking a gladiator the Emperor spared
        brings the archers down on the striker (VI.B); the spared one is unharmed."""
        if amount <= 0:
            return 0
        if target.status is Status.MERCY:
            if by is not None and by is not target and by.status is Status.FIGHTING:
                self.slay_by_archers(by)
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

    def settle(self) -> None:
        """VI.A: at 0 body a gladiator drinks his own healing potion if he has one; else he
        falls, and is killed unless a teammate able to heal him is still fighting."""
        for f in self.fighters:
            if f.body > 0 or f.status is not Status.FIGHTING:
                continue
            if "healing_potion" in f.carried:
                self.drink(f, "healing_potion", given_by=None)
                if f.body > 0:
                    continue
            if any(
                o is not f and o.side == f.side and o.status is Status.FIGHTING and can_heal(o)
                for o in self.fighters
            ):
                f.status = Status.DOWN
                f.note(down_until=self.phase_no + 1, out_at=self.number)
                self.events.append(Fallen(f.name, "down", f.last_hit_by))
            else:
                self.kill(f, f.last_hit_by)

    def kill(self, f: FighterState, by: str | None, *, how: str = "killed") -> None:
        """`by` is credited with the defeat (VII) when he is a gladiator and it was a kill."""
        f.status = Status.DEAD
        credited = by if how == "killed" and by in self.by_name else f.record.defeated_by
        f.note(killed_by=by, out_at=f.record.out_at or self.number, defeated_by=credited)
        self.events.append(Fallen(f.name, how, by))

    def slay_by_archers(self, f: FighterState) -> None:
        f.body = 0
        self.kill(f, "the Emperor's archers", how="archers")

    def spare(self, f: FighterState) -> None:
        """VI.B: the Emperor grants mercy; "he is still considered defeated"."""
        f.status = Status.MERCY
        credited = f.last_hit_by if f.last_hit_by in self.by_name else None
        f.note(out_at=self.number, defeated_by=credited)

    def drink(self, f: FighterState, potion: str, *, given_by: FighterState | None) -> None:
        """IV.C.4 / VI.A. A given potion is the giver's loss (his potions_used)."""
        owner = f if given_by is None else given_by
        owner.drop(potion)
        owner.note(potions_used=(*owner.record.potions_used, potion))
        roll = None
        if potion == "healing_potion":
            roll = self.dice.d6()
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
        self.events.append(PotionDrunk(f.name, ITEMS[potion].name.lower(), given, roll, f.body))

    # --- the end (II.G, VI) ---------------------------------------------------------------

    def check_over(self) -> bool:
        """II.G: the bout ends when one side is left standing (or nobody is). A fallen
        gladiator keeps it going while a teammate may still heal him (VI.A); at the end he
        is dead."""
        if self.finished:
            return True
        fighting = {f.side for f in self.fighters if f.status is Status.FIGHTING}
        if len(fighting) > 1:
            return False
        if fighting and any(f.status is Status.DOWN for f in self.fighters):
            return False
        for f in self.fighters:
            if f.status is Status.DOWN:
                self.kill(f, f.last_hit_by)
        if fighting:
            self.finish(fighting.pop(), "last left standing")
        else:
            self.finish(None, "nobody is left standing")
        return True

    def finish(self, winner: str | None, reason: str) -> None:
        self.finished = True
        self.winner = winner
        self.reason = reason
        self.events.append(BoutOver(winner, reason))


def heal(f: FighterState, amount: int) -> int:
    """Up to his starting body; a fallen gladiator healed above 0 fights on (VI.A)."""
    before = f.body
    f.body = min(f.gladiator.max_body, f.body + amount)
    if f.status is Status.DOWN and f.body > 0:
        f.status = Status.FIGHTING
        f.note(out_at=0)
    return f.body - before
