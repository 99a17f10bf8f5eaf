"""Gladiator 101 on the turn protocol: one step is one combatant's turn (Need.ONE), the two
taking turns from the one the toss decided."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event, rolls_by_kind
from arena.engine.core.protocol import Column, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101 import events
from arena.engine.rulesets.gladiator_101.campaign import Gladiator101Campaign
from arena.engine.rulesets.gladiator_101.orders import Order, order_and_problems, read_order
from arena.engine.rulesets.gladiator_101.setup import parse_options, setup_bout
from arena.engine.rulesets.gladiator_101.standings import COLUMNS, PLACING, standings
from arena.engine.rulesets.gladiator_101.state import (
    SLUG,
    State,
    state_from_json,
    state_to_json,
)
from arena.engine.rulesets.gladiator_101.tactics import default_order
from arena.engine.rulesets.gladiator_101.turn import resolve_turn
from arena.engine.rulesets.gladiator_101.web import Gladiator101Web, snapshot


class Gladiator101(Ruleset):
    slug: ClassVar[str] = SLUG
    # Bump on any change that alters a stored log
    # (docs/decisions/0009-rule-set-versions-and-stored-logs.md says why).
    version: ClassVar[str] = "1.3"
    title: ClassVar[str] = "Gladiator 101"
    columns: ClassVar[tuple[Column, ...]] = COLUMNS
    placing: ClassVar[str] = PLACING
    campaign = Gladiator101Campaign()
    web = Gladiator101Web()
    # Which fields of each event kind hold dice, for the bout report (core.events.Event.rolls).
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = rolls_by_kind(events)
    state_json = (state_to_json, state_from_json)

    def setup(self, bout: Mapping[str, Any]) -> State:
        return setup_bout(bout)

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        return parse_options(bout.get("options")).tactics

    def max_steps(self, state: State) -> int:
        return state.options.max_turns

    def pending(self, state: State) -> Pending:
        return Pending(Need.ONE, (state.actor.name,), "turn")

    def validate(self, state: State, who: str, order: Any) -> list[str]:
        return order_and_problems(state, who, order)[1]

    def read_order(self, state: State, who: str, order: Any) -> Order:
        return read_order(state, who, order)

    def order_json(self, order: Order) -> dict[str, Any]:
        return order.to_json()

    def tactics(self, state: State, who: str) -> Order:
        return default_order(state, who)

    def apply(
        self, state: State, orders: Mapping[str, Order], dice: Dice
    ) -> tuple[State, Sequence[Event]]:
        """The actor's turn with its order as read_order or the tactics built it: legal, so
        not read or checked again."""
        if state.finished:
            raise EngineInputError(f"turns[{state.turn}]", "the bout is over")
        return resolve_turn(state, orders, dice)

    def standings(self, state: State) -> list[Standing]:
        return standings(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def record_phase(self, state: State) -> str:
        return "turn"

    def result_extra(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {"first": state.fighters[state.first].name}
        standing = [f.name for f in state.fighters if f.standing]
        if state.finished and len(standing) == 1:
            out["winner"] = standing[0]
        return out
