"""Arena of the Elders on the turn protocol. The first step is the preparation (every player's
character at once: its sheet, the king, competitive levels); then each step is one team's
whole turn (Need.SIDE: the acting team's characters that can act), see rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.protocol import Column, Need, Pending, Standing, play_with
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import tactics
from arena.engine.rulesets.arena_of_the_elders.campaign import EldersCampaign
from arena.engine.rulesets.arena_of_the_elders.content import parse_content
from arena.engine.rulesets.arena_of_the_elders.orders import (
    Activation,
    Preparation,
    read_activation,
    read_preparation,
)
from arena.engine.rulesets.arena_of_the_elders.rules import (
    resolve_preparation,
    resolve_turn,
    waiting_for,
)
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
from arena.engine.rulesets.arena_of_the_elders.web import EldersWeb, snapshot, terrain


class ArenaOfTheElders:
    slug: ClassVar[str] = SLUG
    # Bump on any change that alters a stored log
    # (docs/decisions/0009-rule-set-versions-and-stored-logs.md says why).
    version: ClassVar[str] = "1.3"
    title: ClassVar[str] = "Arena of the Elders"
    columns: ClassVar[tuple[Column, ...]] = COLUMNS
    placing: ClassVar[str] = PLACING
    campaign = EldersCampaign()
    web = EldersWeb()

    def play(self, bout: dict[str, Any]) -> dict[str, Any]:
        return play_with(self, bout)

    def setup(self, bout: Mapping[str, Any]) -> State:
        return setup_bout(bout)

    def terrain(self, state: State) -> dict[str, Any]:
        return terrain(state)

    def secret_order_keys(self, options: Mapping[str, Any]) -> frozenset[str]:
        """What of an order stays secret from all but its own team until the bout is over: in
        kill the king's competitive game, the claim to the crown ("the king is chosen in
        secret"). Ludus hides it in the orders it shows (arena/selectors.py)."""
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
            return read_preparation(f, order)[1]
        return read_activation(state, f, order)[1]

    def tactics(self, state: State, who: str) -> dict[str, Any]:
        if state.phase == PREP:
            sheet = tactics.preparation(state, who)
            out: dict[str, Any] = {}
            if sheet.king:
                out["king"] = True
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
                sheets[who] = self._read(read_preparation(f, order), state, who)
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

    def is_over(self, state: State) -> bool:
        return state.finished

    def standings(self, state: State) -> list[Standing]:
        return standings(state)

    def record(self, state: State, events: Sequence[Event]) -> dict[str, Any]:
        return {
            "turn": state.steps,
            "phase": "preparation" if state.steps == 1 else "turn",
            "gladiators": snapshot(state),
            "events": [e.to_dict() for e in events],
        }

    def result(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {
            "finished": state.finished,
            "standings": [s.to_dict() for s in self.standings(state)],
            "captures": list(state.captures),
            "house": [f.name for f in state.fighters if f.house],
        }
        if state.finished:
            out["winner"] = winner_name(state)
            out["reason"] = state.reason
        return out

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return state_from_json(data)
