"""Arena of the Elders on the turn protocol. The first step is the preparation (every player's
character at once: its sheet, the king, competitive levels); then each step is one team's
whole turn (Need.SIDE: the acting team's characters that can act), see turn.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event, rolls_by_kind
from arena.engine.core.protocol import Column, Need, Pending, Standing
from arena.engine.core.ruleset import Ruleset
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import events, tactics
from arena.engine.rulesets.arena_of_the_elders.campaign import EldersCampaign
from arena.engine.rulesets.arena_of_the_elders.content import parse_content
from arena.engine.rulesets.arena_of_the_elders.orders import (
    Activation,
    Preparation,
    read_activation,
    read_preparation,
)
from arena.engine.rulesets.arena_of_the_elders.preparation import resolve_preparation
from arena.engine.rulesets.arena_of_the_elders.setup import parse_options, setup_bout
from arena.engine.rulesets.arena_of_the_elders.standings import (
    COLUMNS,
    PLACING,
    standings,
    winner_name,
)
from arena.engine.rulesets.arena_of_the_elders.state import (
    PLAY,
    PREP,
    SLUG,
    TEAMS,
    State,
    state_from_json,
    state_to_json,
)
from arena.engine.rulesets.arena_of_the_elders.turn import resolve_turn, waiting_for
from arena.engine.rulesets.arena_of_the_elders.web import EldersWeb, snapshot, terrain


class ArenaOfTheElders(Ruleset):
    slug: ClassVar[str] = SLUG
    # Bump on any change that alters a stored log
    # (docs/decisions/0009-rule-set-versions-and-stored-logs.md says why).
    version: ClassVar[str] = "1.5"
    title: ClassVar[str] = "Arena of the Elders"
    columns: ClassVar[tuple[Column, ...]] = COLUMNS
    placing: ClassVar[str] = PLACING
    campaign = EldersCampaign()
    web = EldersWeb()
    # Which fields of each event kind hold dice, for the bout report (core.events.Event.rolls).
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = rolls_by_kind(events)
    state_json = (state_to_json, state_from_json)

    def setup(self, bout: Mapping[str, Any]) -> State:
        return setup_bout(bout)

    def terrain(self, state: State) -> dict[str, Any]:
        return terrain(state)

    def secret_order_keys(self, options: Mapping[str, Any]) -> frozenset[str]:
        """What of an order stays secret from all but its own team until the bout is over: in
        kill the king's competitive game, the nomination of the king ("write the name of your
        king on a piece of paper place it upside down and don't reveal it until they die").
        Otherwise the nomination is public ("publicly nominates"): the log names the king as
        the preparation resolves. Ludus hides secret keys in the orders it shows
        (arena/bouts/selectors.py); docs/decisions/0049-elders-nominations-and-placement.md."""
        if options.get("mode") == "king" and options.get("competitive"):
            return frozenset({"king"})
        return frozenset()

    def uses_tactics(self, bout: Mapping[str, Any]) -> bool:
        return parse_options(bout.get("options"), parse_content(bout.get("content"))).tactics

    def max_steps(self, state: State) -> int:
        return 2 * state.options.rounds + 1

    def pending(self, state: State) -> Pending:
        if state.phase == PREP:
            return Pending(Need.EVERYONE, waiting_for(state), "preparation")
        return Pending(Need.SIDE, waiting_for(state), TEAMS[state.acting])

    def validate(self, state: State, who: str, order: Any) -> list[str]:
        if who not in waiting_for(state):
            return [f"{who} gives no order now"]
        f = state.get(who)
        assert f is not None
        if state.phase == PREP:
            return read_preparation(state, f, order)[1]
        return read_activation(state, f, order)[1]

    def tactics(self, state: State, who: str) -> dict[str, Any]:
        if state.phase == PREP:
            sheet = tactics.preparation(state, who)
            out: dict[str, Any] = {"auto": True}
            if sheet.levels:
                out["levels"] = sheet.levels
            return out
        return {"auto": True}

    def apply(
        self, state: State, orders: Mapping[str, Any], dice: Dice
    ) -> tuple[State, Sequence[Event]]:
        if state.phase not in (PREP, PLAY):
            raise EngineInputError(f"turns[{state.steps}]", "the bout is over")
        waiting = set(waiting_for(state))
        if state.phase == PREP:
            sheets: dict[str, Preparation] = {}
            for who, order in orders.items():
                f = self._orderer(state, who, waiting)
                sheets[who] = self._read(read_preparation(state, f, order), state, who)
            return resolve_preparation(state, sheets, dice)
        acts: dict[str, Activation] = {}
        for who, order in orders.items():
            f = self._orderer(state, who, waiting)
            acts[who] = self._read(read_activation(state, f, order), state, who)
        return resolve_turn(state, acts, dice)

    def _orderer(self, state: State, who: str, waiting: set[str]):
        if who not in waiting:
            raise EngineInputError(f"turns[{state.steps}].{who}", f"{who} gives no order now")
        return state.get(who)

    def _read(self, read: tuple[Any, list[str]], state: State, who: str) -> Any:
        order, problems = read
        if problems:
            raise EngineInputError(f"turns[{state.steps}].{who}", "; ".join(problems))
        return order

    def standings(self, state: State) -> list[Standing]:
        return standings(state)

    def turn_number(self, state: State) -> int:
        return state.steps

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def record_phase(self, state: State) -> str:
        return "preparation" if state.steps == 1 else "turn"

    def result_extra(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {
            "captures": list(state.captures),
            "house": [f.name for f in state.fighters if f.house],
        }
        if state.finished:
            out["winner"] = winner_name(state)
            out["reason"] = state.reason
        return out
