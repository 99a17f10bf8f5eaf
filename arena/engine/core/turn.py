"""What one turn carries while it is resolved: the dice it reads and the events it tells.

Every rule set resolves a turn the same way: frozen state and orders in, `(state, events)` out.

    def resolve_turn(state, orders, dice):
        turn = Turn(dice)
        state = movement(state, orders, turn)   # each mechanic: state in, state out,
        state = combat(state, orders, turn)     # telling what happened on `turn`
        return state, turn.told()

A mechanic never changes the state it is given; it returns a new one (a `Frozen` record's
`replace`, dataclasses.replace, or a new tuple of combatants), or replaces combatants in a list
local to the turn that the turn freezes into its one new state at the end (Gladiator Arena).
`Turn` holds no part of the state, and nothing mutable outlives the turn, so nobody keeps a
second copy of the bout to change in place. A rule set that rolls no dice (`Ruleset.rolls_dice`
False) needs no `Turn`: its mechanics append their events to the turn's own list (Gladiator
Arena).
"""

from __future__ import annotations

from collections.abc import Callable

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event


class Turn:
    """The turn's dice and, in the order they happened, its events."""

    __slots__ = ("dice", "events", "tell")

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.events: list[Event] = []
        # tell(event): add what just happened to the turn's story, the events' own append.
        self.tell: Callable[[Event], None] = self.events.append

    def told(self) -> tuple[Event, ...]:
        """The turn's events, in order, for `(state, events)`."""
        return tuple(self.events)
