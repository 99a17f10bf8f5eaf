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
    AUTO,
    Activation,
    Preparation,
    order_json,
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

    def read_order(self, state: State, who: str, order: Any) -> Preparation | Activation:
        """The sheet (in the preparation) or the activation, read and checked once against
        the board as it stands before the step (orders.py): EngineInputError in words at the
        order's place in the input."""
        if state.phase not in (PREP, PLAY):
            raise EngineInputError(f"turns[{state.steps}]", "the bout is over")
        where = f"turns[{state.steps}].{who}"
        if who not in waiting_for(state):
            raise EngineInputError(where, f"{who} gives no order now")
        f = state.fighter(who)
        read = read_preparation if state.phase == PREP else read_activation
        typed, problems = read(state, f, order)
        if problems:
            raise EngineInputError(where, "; ".join(problems))
        return typed

    def order_json(self, order: Preparation | Activation) -> dict[str, Any]:
        return order_json(order)

    def tactics(self, state: State, who: str) -> Preparation | Activation:
        """The tactics' sheet in the preparation; in a turn, the activation is left to the
        tactics until it comes (AUTO), to be chosen on the board as it then stands."""
        if state.phase == PREP:
            return tactics.preparation(state, who)
        return AUTO

    def apply(
        self, state: State, orders: Mapping[str, Any], dice: Dice
    ) -> tuple[State, Sequence[Event]]:
        """The step with its typed orders (read_order's, or the tactics')."""
        if state.phase not in (PREP, PLAY):
            raise EngineInputError(f"turns[{state.steps}]", "the bout is over")
        if state.phase == PREP:
            return resolve_preparation(state, orders, dice)
        return resolve_turn(state, orders, dice)

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
