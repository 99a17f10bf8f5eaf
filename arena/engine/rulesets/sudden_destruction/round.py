"""What one round carries while it is resolved, beside the state: core's Turn (the dice it
reads and the events it tells) with the round's number, its tick, the plans, the initiative
order and the movement and firing points left to spend. None of it is part of the bout's
state ("Players cannot save movement or firing points until the next round"); a mechanic
takes the state and returns a new one."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.sudden_destruction.orders import Plan


class Round(Turn):
    """One round's dice and events, with what its mechanics read but never change."""

    __slots__ = ("moves", "number", "plans", "rank", "shots", "tick")

    def __init__(self, dice: Dice, number: int, plans: Mapping[str, Plan]) -> None:
        super().__init__(dice)
        self.number = number
        self.plans = plans
        self.tick = 0  # the action phase's tick; 0 outside it
        self.rank: dict[str, int] = {}  # each counter's place in the action phase's order
        # Movement points and firing rate each counter on the board has left to spend in the
        # action phase: set from its levels when the phase begins, spent a point at a time.
        self.moves: dict[str, int] = {}
        self.shots: dict[str, int] = {}

    def plan(self, name: str) -> Plan:
        """`name`'s plan this round (absent: the empty plan)."""
        return self.plans.get(name, EMPTY)

    def d10(self) -> int:
        """One d10 showing 0-9 (RULINGS: the text's examples need a 0)."""
        return self.dice.d10(zero_based=True)


EMPTY = Plan()
