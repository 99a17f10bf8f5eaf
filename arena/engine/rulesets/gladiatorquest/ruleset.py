"""GladiatorQuest on the turn protocol (core/protocol.py): a turn is a movement step or a
combat round; everyone involved writes his order at once (Need.EVERYONE).

The movement roll that begins a phase (IV.B.1) is made at the end of the turn that ends the
last phase, so the state between turns shows the points everyone writes his orders with. With
table dice (scripted) the roll is entered at the table with the next turn's orders, so it is
made at the start of that turn; so is the very first roll (setup rolls no dice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice, DiceError
from arena.engine.core.events import Event, rolls_by_kind
from arena.engine.core.protocol import Column, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import (
    combat,
    events,
    movement,
    setup,
    standings,
    state,
    turn,
)
from arena.engine.rulesets.gladiatorquest.campaign import GladiatorQuestCampaign
from arena.engine.rulesets.gladiatorquest.orders import (
    CombatOrder,
    StepOrder,
    combat_order_json,
    step_order_json,
)
from arena.engine.rulesets.gladiatorquest.state import BoutState, Status
from arena.engine.rulesets.gladiatorquest.tactics import step_order


def _everyone(who: tuple[str, ...], phase: str) -> Pending:
    return Pending(Need.EVERYONE, who, phase)


class GladiatorQuest(Ruleset):
    slug: ClassVar[str] = "gladiatorquest"
    version: ClassVar[str] = "1.3"
    title: ClassVar[str] = "GladiatorQuest"
    columns: ClassVar[tuple[Column, ...]] = standings.COLUMNS
    placing: ClassVar[str] = standings.PLACING
    # (Here, before the method `standings` hides the module.) The log's entry of a turn.
    record = staticmethod(standings.record)
    campaign = GladiatorQuestCampaign()
    # Not played by web yet (web stays None): its bouts are fought by tactics.
    # Which fields of each event kind hold dice, for the bout report (core.events.Event.rolls).
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = rolls_by_kind(events)
    state_json = (state.to_json, state.from_json)

    def driver_input(self, bout: Mapping[str, Any]) -> dict[str, Any]:
        """This rule set's input wraps each turn's orders: {"turn": n, "orders": {...}}."""
        return _driver_bout(bout)

    def log(self, log: dict[str, Any], end: BoutState) -> dict[str, Any]:
        """This rule set's historic log shape: the board, contest and exit first, and "next"
        (who writes orders for the next turn) at the top when the given turns ran out before
        the end."""
        options = end.options
        out = {
            "ruleset": log["ruleset"],
            "version": log["version"],
            "board": [options.board.width, options.board.height],
            "contest": options.contest,
            "exit": str(options.exit),
            "turns": log["turns"],
            "result": log["result"],
        }
        if "next" in log["result"]:
            out["next"] = log["result"].pop("next")
        return out

    def setup(self, bout: Mapping[str, Any]) -> BoutState:
        return setup.setup(bout)

    def terrain(self, s: BoutState) -> dict[str, Any]:
        """The board's walls (options.walls): squares nobody enters, drawn as blocks."""
        return {"blocks": sorted(str(w) for w in s.options.board.walls)}

    def pending(self, s: BoutState) -> Pending:
        if s.combat:
            who = tuple([name for name, front in s.fronts.items() if combat.can_attack(s, front)])
            return _everyone(who, "combat")
        return _everyone(movement.order_writers(s), "movement")

    def validate(self, s: BoutState, who: str, order: Any) -> list[str]:
        try:
            turn.check_orders(s, {who: turn.read_order(s, who, order)})
        except EngineInputError as exc:
            return [exc.message]
        return []

    def read_order(self, s: BoutState, who: str, order: Any) -> StepOrder | CombatOrder | None:
        return turn.read_order(s, who, order)

    def order_json(self, order: StepOrder | CombatOrder | None) -> dict[str, Any] | None:
        if order is None:
            return None
        if type(order) is CombatOrder:
            return combat_order_json(order)
        return step_order_json(order)

    def tactics(self, s: BoutState, who: str) -> StepOrder | CombatOrder | None:
        """The tactics' order for anyone: None for one not in the combat, or in a movement
        step for one who writes no direction."""
        if s.combat:
            if who not in s.fronts:
                return None
            return combat.tactics_order(s, s.fronts[who])
        f = s.fighter(who)
        if f is None or not movement.writes_orders(s, f):
            return None
        return step_order(s, f)

    def apply(
        self, s: BoutState, orders: Mapping[str, StepOrder | CombatOrder | None], dice: Dice
    ) -> tuple[BoutState, Sequence[Event]]:
        try:
            return turn.resolve_turn(s, orders, dice)
        except DiceError as exc:  # dice that run out are bad input, like a bad order
            raise EngineInputError("dice", str(exc)) from None

    def standings(self, s: BoutState) -> list[Standing]:
        return standings.standings(s)

    def result(self, s: BoutState) -> dict[str, Any]:
        out = standings.result(s)
        if not s.finished:
            pending = self.pending(s)
            out["next"] = {
                "turn": s.turn + 1,
                "phase": pending.phase,
                "awaiting": list(pending.who),
                "points": {f.name: f.points for f in s.fighters if f.status is Status.FIGHTING},
            }
        return out

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        options = bout.get("options") or {}
        return bout.get("turns") is None or options.get("continue_with_tactics") is True

    def max_steps(self, s: BoutState) -> int:
        return s.options.max_turns


def _driver_bout(bout: Mapping[str, Any]) -> dict[str, Any]:
    """The bout with its turns as the driver reads them: each turn's orders by name (this
    rule set's input wraps them: {"turn": n, "orders": {...}})."""
    turns = bout.get("turns")
    if turns is None:
        return dict(bout)
    if not isinstance(turns, list):
        raise EngineInputError("turns", "must be a list of turns")
    plain = []
    for index, entry in enumerate(turns):
        where = f"turns[{index}]"
        if not isinstance(entry, dict):
            raise EngineInputError(where, "must be an object with orders")
        if entry.get("turn", index + 1) != index + 1:
            raise EngineInputError(f"{where}.turn", f"expected turn {index + 1}")
        orders = entry.get("orders", {})
        if not isinstance(orders, dict):
            raise EngineInputError(f"{where}.orders", "must be an object: name -> order")
        plain.append(orders)
    return {**bout, "turns": plain}
