"""Sudden Destruction on the turn protocol: one round is one step. Every counter on the board
writes a secret plan at once (Need.EVERYONE); the step plays the tech attempts, the action
protocol and the repairs (turn.py) and records each phase in its events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event, rolls_by_kind
from arena.engine.core.protocol import Column, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset, StepWord
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction import events
from arena.engine.rulesets.sudden_destruction.campaign import SuddenDestructionCampaign
from arena.engine.rulesets.sudden_destruction.ending import winner_of
from arena.engine.rulesets.sudden_destruction.orders import Plan, parse_plan, read_plan
from arena.engine.rulesets.sudden_destruction.setup import parse_options, setup_bout
from arena.engine.rulesets.sudden_destruction.standings import COLUMNS, PLACING, standings
from arena.engine.rulesets.sudden_destruction.state import (
    SLUG,
    State,
    state_from_json,
    state_to_json,
)
from arena.engine.rulesets.sudden_destruction.tactics import default_plan
from arena.engine.rulesets.sudden_destruction.turn import resolve_turn
from arena.engine.rulesets.sudden_destruction.web import SuddenDestructionWeb, snapshot


class SuddenDestruction(Ruleset):
    slug: ClassVar[str] = SLUG
    # Bump on any change that alters a stored log
    # (docs/decisions/0009-rule-set-versions-and-stored-logs.md says why).
    version: ClassVar[str] = "1.3"
    title: ClassVar[str] = "Sudden Destruction"
    columns: ClassVar[tuple[Column, ...]] = COLUMNS
    placing: ClassVar[str] = PLACING
    # "Games are played in rounds" (the text): the pages and messages say "round 3", not "turn".
    step_word: ClassVar[StepWord] = StepWord("round", "rounds")
    campaign = SuddenDestructionCampaign()
    web = SuddenDestructionWeb()
    # Which fields of each event kind hold dice, for the bout report (core.events.Event.rolls).
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = rolls_by_kind(events)
    state_json = (state_to_json, state_from_json)

    def setup(self, bout: Mapping[str, Any]) -> State:
        return setup_bout(bout)

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        return parse_options(bout.get("options")).tactics

    def max_steps(self, state: State) -> int:
        return state.options.max_rounds

    def pending(self, state: State) -> Pending:
        return Pending(Need.EVERYONE, tuple(m.name for m in state.machines if m.alive), "round")

    def validate(self, state: State, who: str, order: Any) -> list[str]:
        return read_plan(state, who, order)[1]

    def read_order(self, state: State, who: str, order: Any) -> Plan:
        """The plan, read and checked in one pass (read_plan): a counter's plan is checked
        against the board as it stands before the round, which no die changes first."""
        where = f"turns[{state.round}].{who}"
        if who not in self.pending(state).who:
            raise EngineInputError(where, f"{who} is not on the board this round")
        return parse_plan(state, who, order, where)

    def order_json(self, order: Plan) -> dict[str, Any]:
        return order.to_json()

    def tactics(self, state: State, who: str) -> Plan:
        return default_plan(state, who)

    def apply(
        self, state: State, orders: Mapping[str, Plan], dice: Dice
    ) -> tuple[State, Sequence[Event]]:
        if state.finished:
            raise EngineInputError(f"turns[{state.round}]", "the bout is over")
        return resolve_turn(state, orders, dice)

    def standings(self, state: State) -> list[Standing]:
        return standings(state)

    def turn_number(self, state: State) -> int:
        return state.round

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def record_phase(self, state: State) -> str:
        return "round"

    def result_extra(self, state: State) -> dict[str, Any]:
        winner = winner_of(state) if state.finished else None
        return {} if winner is None else {"winner": winner}
