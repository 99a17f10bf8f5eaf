"""What one round carries while it is resolved, beside the state: core's Turn (the dice it
reads and the events it tells) with the round's number, its tick, the plans and the
initiative order. None of it is part of the bout's state; a mechanic takes the state and
returns a new one."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.sudden_destruction.orders import Plan


class Round(Turn):
    """One round's dice and events, with what its mechanics read but never change."""

    __slots__ = ("number", "plans", "rank", "tick")

    def __init__(self, dice: Dice, number: int, plans: Mapping[str, Plan]) -> None:
        super().__init__(dice)
        self.number = number
        self.plans = plans
        self.tick = 0  # the action phase's tick; 0 outside it
        self.rank: dict[str, int] = {}  # each counter's place in the action phase's order

    def plan(self, name: str) -> Plan:
        """`name`'s plan this round (absent: the empty plan)."""
        return self.plans.get(name, EMPTY)

    def d10(self) -> int:
        """One d10 showing 0-9 (RULINGS: the text's examples need a 0)."""
        return self.dice.d10(zero_based=True)


EMPTY = Plan()
