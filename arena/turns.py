"""Turn-by-turn (play-by-web) support per rule set: a registry of adapters from slug to class.

The play-by-web machinery (orders, deadlines, the resolve task, pages) is the same for every
rule set with per-turn orders; what differs is how a state is rebuilt, how an order is checked,
what a missing order becomes, and how a turn reads on a forum. An adapter says just that, with
orders in the engine's JSON form ({"move": "D5", "strike": ["E6"], "concede": true}).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from campaign.errors import LudusError


class TurnRules(Protocol):
    slug: ClassVar[str]

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The bout options checked by the engine; LudusError naming the one at fault."""

    def state(self, engine_input: dict[str, Any]) -> Any:
        """The state after every turn in engine_input["turns"] (replayed, deterministic)."""

    def living(self, state: Any) -> list[str]:
        """Who must give an order this turn."""

    def finished(self, state: Any) -> bool: ...

    def snapshot(self, state: Any) -> dict[str, dict[str, Any]]:
        """Every gladiator's square, hp and alive flag, as in the log's turns."""

    def board(self, state: Any) -> tuple[int, int]:
        """(files, ranks)."""

    def problems(self, state: Any, name: str, order: dict[str, Any]) -> list[str]:
        """What is wrong with this (possibly partial) order, in words; [] when legal."""

    def fallback(self, state: Any, name: str) -> dict[str, Any]:
        """The order used for a gladiator that gave none (its tactics)."""

    def parse_text(self, text: str) -> dict[str, Any]:
        """An order typed in the forum's own format; LudusError naming each problem."""

    def order_text(self, order: dict[str, Any]) -> str:
        """The forum lines for an order."""

    def forum_post(self, engine_input: dict[str, Any], turn: int, markup: str) -> str:
        """Resolved turn `turn` (1-based) as the GM's forum post."""

    def choices(self, state: Any, name: str, move: str | None) -> dict[str, list[str]]:
        """Squares the order page offers: destinations, and strike targets from `move`."""


class GladiatorArenaTurns:
    slug: ClassVar[str] = "gladiator-arena"

    def __init__(self) -> None:
        from arena.engine.rulesets import gladiator_arena

        self.ga = gladiator_arena

    def clean_options(self, options: dict[str, Any]) -> dict[str, Any]:
        from arena.engine import EngineInputError

        if "tactics" in options or "max_turns" in options:
            raise LudusError(
                "Tactics are chosen per bout by the GM, not as an option.", field="options"
            )
        try:
            parsed = self.ga.parse_options(options)
        except EngineInputError as error:
            raise LudusError(f"{error.field}: {error.message}", field="options") from None
        return {"board": [parsed.width, parsed.height], "time_limit": parsed.time_limit}

    def state(self, engine_input: dict[str, Any]) -> Any:
        from arena.engine.rulesets.gladiator_arena.play import parse_turn

        ga = self.ga
        state = ga.setup_bout(
            ga.parse_options(engine_input.get("options")), engine_input["gladiators"]
        )
        for index, raw in enumerate(engine_input.get("turns") or []):
            state, _ = ga.resolve_turn(state, parse_turn(state, raw, index))
        return state

    def living(self, state: Any) -> list[str]:
        return [g.name for g in state.gladiators if g.alive]

    def finished(self, state: Any) -> bool:
        return bool(state.finished)

    def snapshot(self, state: Any) -> dict[str, dict[str, Any]]:
        return self.ga.snapshot(state)

    def board(self, state: Any) -> tuple[int, int]:
        return state.options.width, state.options.height

    def _order(self, name: str, order: dict[str, Any]):
        from arena.engine import EngineInputError

        try:
            return self.ga.parse_order(order, "order", name)
        except EngineInputError as error:
            raise LudusError(error.message, field="order") from None

    def problems(self, state: Any, name: str, order: dict[str, Any]) -> list[str]:
        try:
            parsed = self._order(name, order)
        except LudusError as error:
            return [error.message]
        return [problem.text for problem in self.ga.validate_order(state, name, parsed)]

    def _as_dict(self, order: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if order.concede is not None:
            out["concede"] = order.concede.value
            return out
        if order.move is not None:
            out["move"] = str(order.move)
        if order.strikes:
            out["strike"] = [str(s) for s in order.strikes]
        return out

    def fallback(self, state: Any, name: str) -> dict[str, Any]:
        return self._as_dict(self.ga.default_order(state, name))

    def parse_text(self, text: str) -> dict[str, Any]:
        try:
            return self._as_dict(self.ga.parse_forum_order(text))
        except self.ga.ForumFormatError as error:
            raise LudusError("; ".join(error.problems), field="text") from None

    def order_text(self, order: dict[str, Any]) -> str:
        return self.ga.format_order(self._order("order", order))

    def forum_post(self, engine_input: dict[str, Any], turn: int, markup: str) -> str:
        from arena.engine.rulesets.gladiator_arena.play import parse_turn

        turns = (engine_input.get("turns") or [])[:turn]
        before = self.state({**engine_input, "turns": turns[:-1]})
        after, events = self.ga.resolve_turn(before, parse_turn(before, turns[-1], turn - 1))
        return self.ga.format_turn_post(after, events, markup)

    def choices(self, state: Any, name: str, move: str | None) -> dict[str, list[str]]:
        from arena.engine.core.board import Square

        destination = None
        if move:
            try:
                destination = Square.parse(move)
            except ValueError:
                destination = None
        return {
            "moves": [str(s) for s in self.ga.destinations(state, name)],
            "strikes": [str(s) for s in self.ga.strike_targets(state, name, destination)],
        }


TURN_RULES: dict[str, type[TurnRules]] = {GladiatorArenaTurns.slug: GladiatorArenaTurns}


def turn_rules(ruleset: str) -> TurnRules:
    """The adapter of a rule set that is played turn by turn; LudusError if there is none."""
    cls = TURN_RULES.get(ruleset)
    if cls is None:
        raise LudusError(
            f"The rule set {ruleset!r} is not played turn by turn on Ludus yet; "
            "its bouts are fought by tactics.",
            field="mode",
        )
    return cls()


def plays_turn_by_turn(ruleset: str) -> bool:
    return ruleset in TURN_RULES
