"""Gladiator Arena on the turn protocol: every living gladiator gives a secret order each turn,
and the turn resolves them together (arena/engine/core/protocol.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event, rolls_by_kind
from arena.engine.core.protocol import Column, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena import events
from arena.engine.rulesets.gladiator_arena.campaign import GladiatorArenaCampaign
from arena.engine.rulesets.gladiator_arena.data import SLUG
from arena.engine.rulesets.gladiator_arena.orders import (
    order_to_json,
    parse_order,
    read_order,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.setup import parse_options, setup_bout
from arena.engine.rulesets.gladiator_arena.standings import standings
from arena.engine.rulesets.gladiator_arena.state import (
    BoutState,
    Order,
    record,
    snapshot,
    state_from_json,
    state_to_json,
)
from arena.engine.rulesets.gladiator_arena.tactics import default_order
from arena.engine.rulesets.gladiator_arena.turn import resolve_turn
from arena.engine.rulesets.gladiator_arena.web import GladiatorArenaWeb


class GladiatorArena(Ruleset):
    slug: ClassVar[str] = SLUG
    # Rules 0.75, third revision of this implementation (bump the last part on any change that
    # alters a log, so stored bouts keep the version they were fought under). 0.75.3: standings
    # rows carry the shared side, fate and score.
    version: ClassVar[str] = "0.75.3"
    title: ClassVar[str] = "Gladiator Arena"
    columns: ClassVar[tuple[Column, ...]] = (
        Column("kills", "Kills", "a shared kill counts its fraction"),
        Column("died_on_turn", "Fell on turn", "empty: still standing"),
        Column("hp", "HP", "at the end, or when removed"),
        Column("damage_dealt", "Damage dealt"),
    )
    placing: ClassVar[str] = (
        "Places go to the most kills, then to whoever stood longest (alive, or fell later), "
        "then to the most HP, then to the most damage dealt (section 8)."
    )
    rolls_dice: ClassVar[bool] = False  # nothing in the 0.75 rules is left to chance
    campaign = GladiatorArenaCampaign()
    web = GladiatorArenaWeb()
    # Which fields of each event kind hold dice, for the bout report (core.events.Event.rolls).
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = rolls_by_kind(events)
    state_json = (state_to_json, state_from_json)
    # An order is read and checked by one function (orders.read_order), and a turn's log
    # entry written by one (state.record): the driver calls them as they are.
    read_order = staticmethod(read_order)
    record = staticmethod(record)

    def setup(self, bout: Mapping[str, Any]) -> BoutState:
        return setup_bout(parse_options(bout.get("options")), bout.get("gladiators"))

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        # The driver asks after setup, which read and checked the options (parse_options):
        # the flag is read as setup took it, not the options parsed again.
        options = bout.get("options") or {}
        return options.get("tactics", False) is True

    def max_steps(self, state: BoutState) -> int:
        return state.options.max_turns

    def pending(self, state: BoutState) -> Pending:
        return Pending(
            Need.EVERYONE, tuple([g.name for g in state.gladiators if g.alive]), "orders"
        )

    def validate(self, state: BoutState, who: str, order: Any) -> list[str]:
        try:
            parsed = parse_order(order, "order", who)
        except EngineInputError as error:
            return [error.message]
        return [problem.text for problem in validate_order(state, who, parsed)]

    def order_json(self, order: Order) -> dict[str, Any]:
        return order_to_json(order)

    def tactics(self, state: BoutState, who: str) -> Order:
        return default_order(state, who)

    def apply(
        self, state: BoutState, orders: Mapping[str, Order], dice: Dice | None
    ) -> tuple[BoutState, Sequence[Event]]:
        return resolve_turn(state, orders)

    def standings(self, state: BoutState) -> list[Standing]:
        return standings(state)

    def snapshot(self, state: BoutState) -> dict[str, Any]:
        return snapshot(state)
