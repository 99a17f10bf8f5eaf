"""What one round carries while it is resolved, beside the state: core's Turn (the dice it
reads and the events it tells) with the round's number, its tick, the plans, the initiative
order and the movement and firing points left to spend. None of it is part of the bout's
state ("Players cannot save movement or firing points until the next round"); a mechanic
takes the state and returns a new one.

Within a round a counter is its seat (its place in `state.machines`, which no round
changes): the plans, ranks and points are lists by seat, and a mechanic finds a counter by
indexing rather than by searching for its name. Names are read once, where a plan names a
counter (`seat_of`)."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.sudden_destruction.orders import Plan
from arena.engine.rulesets.sudden_destruction.state import Machine, State


class Round(Turn):
    """One round's dice and events, with what its mechanics read but never change."""

    __slots__ = ("moves", "number", "plans", "rank", "seats", "shots", "tick")

    def __init__(self, dice: Dice, state: State, plans: Mapping[str, Plan]) -> None:
        super().__init__(dice)
        self.number = state.round + 1
        self.seats = {m.name: m.seat for m in state.machines}
        self.plans = [plans.get(m.name, EMPTY) for m in state.machines]  # by seat (absent: empty)
        self.tick = 0  # the action phase's tick; 0 outside it
        self.rank: list[int] = []  # each seat's place in the action phase's order
        # Movement points and firing rate each counter has left to spend in the action phase,
        # by seat: set from its levels when the phase begins, spent a point at a time.
        self.moves: list[int] = []
        self.shots: list[int] = []

    def seat_of(self, state: State, name: str) -> int | None:
        """The seat of the counter a plan names while it is on the board (None: no such
        counter, or it has been destroyed)."""
        seat = self.seats.get(name)
        if seat is None or not state.machines[seat].alive:
            return None
        return seat

    def on_board(self, state: State, name: str) -> Machine | None:
        """The counter a plan names while it is on the board."""
        seat = self.seat_of(state, name)
        return None if seat is None else state.machines[seat]

    def d10(self) -> int:
        """One d10 showing 0-9 (RULINGS: the text's examples need a 0)."""
        return self.dice.d10(zero_based=True)


EMPTY = Plan()
