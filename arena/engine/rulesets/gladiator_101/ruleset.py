"""Gladiator 101 on the turn protocol: one step is one combatant's turn (Need.ONE), the two
taking turns from the one the toss decided."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.protocol import Column, Need, Pending, Standing, play_with
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.campaign import Gladiator101Campaign
from arena.engine.rulesets.gladiator_101.orders import read_order
from arena.engine.rulesets.gladiator_101.resolve import resolve_turn
from arena.engine.rulesets.gladiator_101.setup import parse_options, setup_bout
from arena.engine.rulesets.gladiator_101.standings import COLUMNS, PLACING, standings
from arena.engine.rulesets.gladiator_101.state import (
    SLUG,
    State,
    state_from_json,
    state_to_json,
)
from arena.engine.rulesets.gladiator_101.tactics import default_order
from arena.engine.rulesets.gladiator_101.web import Gladiator101Web, snapshot


class Gladiator101:
    slug: ClassVar[str] = SLUG
    # Bump on any change that alters a stored log
    # (docs/decisions/0009-rule-set-versions-and-stored-logs.md says why).
    version: ClassVar[str] = "1.1"
    title: ClassVar[str] = "Gladiator 101"
    columns: ClassVar[tuple[Column, ...]] = COLUMNS
    placing: ClassVar[str] = PLACING
    campaign = Gladiator101Campaign()
    web = Gladiator101Web()

    def play(self, bout: dict[str, Any]) -> dict[str, Any]:
        return play_with(self, bout)

    def setup(self, bout: Mapping[str, Any]) -> State:
        return setup_bout(bout)

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        return parse_options(bout.get("options")).tactics

    def max_steps(self, state: State) -> int:
        return state.options.max_turns

    def pending(self, state: State) -> Pending:
        return Pending(Need.ONE, (state.actor.name,), "turn")

    def validate(self, state: State, who: str, order: Any) -> list[str]:
        return read_order(state, who, order)[1]

    def tactics(self, state: State, who: str) -> dict[str, Any]:
        return default_order(state, who).to_json()

    def apply(
        self, state: State, orders: Mapping[str, Any], dice: Dice
    ) -> tuple[State, Sequence[Event]]:
        where = f"turns[{state.turn}]"
        if state.finished:
            raise EngineInputError(where, "the bout is over")
        actor = state.actor.name
        for who in orders:
            if who != actor:
                raise EngineInputError(f"{where}.{who}", f"it is {actor}'s turn, not {who}'s")
        order, problems = read_order(state, actor, orders.get(actor))
        if problems:
            raise EngineInputError(f"{where}.{actor}", "; ".join(problems))
        return resolve_turn(state, order, dice)

    def is_over(self, state: State) -> bool:
        return state.finished

    def standings(self, state: State) -> list[Standing]:
        return standings(state)

    def record(self, state: State, events: Sequence[Event]) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "phase": "turn",
            "gladiators": snapshot(state),
            "events": [e.to_dict() for e in events],
        }

    def result(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {
            "finished": state.finished,
            "standings": [s.to_dict() for s in self.standings(state)],
            "first": state.fighters[state.first].name,
        }
        standing = [f.name for f in state.fighters if f.standing]
        if state.finished and len(standing) == 1:
            out["winner"] = standing[0]
        return out

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return state_from_json(data)
