"""What one round carries while it is resolved: core's Turn (the dice it reads and the events
it tells) with the round's number, its tick, the plans, the initiative order, the movement
and firing points left to spend, and the round's counters.

The counters are a list by seat, local to the round: a mechanic that changes a counter puts a
new immutable `Machine` in its place, and the round's end (ending.bout_end) freezes the list
into the round's one new `State`, as Gladiator Arena's turn does (record 0109). The list
lives only within the round: no mutable copy of the bout outlives it. The points are not part
of the state either ("Players cannot save movement or firing points until the next round").

Within a round a counter is its seat (its place in `state.machines`, which no round
changes): the plans, ranks, points and counters are lists by seat, and a mechanic finds a
counter by indexing rather than by searching for its name. Names are read once, where a plan
names a counter (`seat_of`)."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.sudden_destruction.orders import Plan
from arena.engine.rulesets.sudden_destruction.state import Machine, Options, State


class Round(Turn):
    """One round's dice and events, its counters as they change, and what its mechanics read
    but never change."""

    __slots__ = (
        "machines", "moves", "number", "options", "order", "plans", "rank", "seats", "shots",
        "tick",
    )  # fmt: skip

    def __init__(self, dice: Dice, state: State, plans: Mapping[str, Plan]) -> None:
        super().__init__(dice)
        self.number = state.round + 1
        self.options: Options = state.options
        # The round's counters by seat: each change puts a new counter in its seat's place.
        self.machines: list[Machine] = list(state.machines)
        self.seats = {m.name: m.seat for m in state.machines}
        self.plans = [plans.get(m.name, EMPTY) for m in state.machines]  # by seat (absent: empty)
        self.tick = 0  # the action phase's tick; 0 outside it
        # The action phase's initiative order (seats; the tech phase sets it) and each seat's
        # place in it.
        self.order: list[int] = []
        self.rank: list[int] = []
        # Movement points and firing rate each counter has left to spend in the action phase,
        # by seat: set from its levels when the phase begins, spent a point at a time.
        self.moves: list[int] = []
        self.shots: list[int] = []

    def seat_of(self, name: str) -> int | None:
        """The seat of the counter a plan names while it is on the board (None: no such
        counter, or it has been destroyed)."""
        seat = self.seats.get(name)
        if seat is None or not self.machines[seat].alive:
            return None
        return seat

    def on_board(self, name: str) -> Machine | None:
        """The counter a plan names while it is on the board."""
        seat = self.seat_of(name)
        return None if seat is None else self.machines[seat]

    def state(self, finished: bool = False) -> State:
        """The round's counters frozen into the state after it: its one new `State`."""
        return State(self.options, tuple(self.machines), self.number, finished)

    def d10(self) -> int:
        """One d10 showing 0-9 (RULINGS: the text's examples need a 0)."""
        return self.dice.d10(zero_based=True)


EMPTY = Plan()
