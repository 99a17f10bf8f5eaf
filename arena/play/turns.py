"""Turn-by-turn (play-by-web) bouts and the rule set's turn protocol.

A rule set is played by web when it has a `web` part (arena/engine/core/campaign.py, WebPlay)
besides the turn protocol (arena/engine/core/protocol.py). The bout keeps the rule set's state
after the last resolved turn, with its dice (where its rules roll any), so each turn resolves
from there: the cost of a turn does not grow with the bout's length.
"""

from __future__ import annotations

from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from arena.gateway import (
    TURN,
    Dice,
    EngineInputError,
    Ruleset,
    StepWord,
    bout_dice,
    read_orders,
    ruleset,
)
from campaign.shared.errors import LudusError


def turn_rules(slug: str) -> Ruleset:
    """The rule set, if it is played turn by turn on Ludus; LudusError if not."""
    try:
        found = ruleset(slug)
    except EngineInputError as error:
        raise LudusError(error.message, field="ruleset") from None
    if found.web is None:
        raise LudusError(
            f"{found.title} is not played turn by turn on Ludus yet; its bouts are fought by "
            "tactics.",
            field="mode",
        )
    return found


def plays_turn_by_turn(slug: str) -> bool:
    try:
        turn_rules(slug)
    except LudusError:
        return False
    return True


def step_of(slug: str) -> StepWord:
    """What the bout's rule set calls a step ("turn", "round") for the words people read; a
    rule set no longer installed says "turn"."""
    try:
        return ruleset(slug).step_word
    except EngineInputError:
        return TURN


def state_stored(rules: Ruleset, state: Any, dice: Dice | None) -> dict[str, Any]:
    """What the bout keeps between turns: its state, and where its dice stand unless its rules
    roll none (a generator's state is most of what a stored bout holds)."""
    stored = {"state": rules.to_json(state)}
    if dice is not None:
        stored["dice"] = dice.to_json()
    return stored


def state_loaded(rules: Ruleset, stored: dict[str, Any]) -> Any:
    """The rule set's state as the bout stored it."""
    return rules.from_json(stored["state"])


def dice_loaded(rules: Ruleset, stored: dict[str, Any]) -> Dice | None:
    """Where the bout's dice stand, for the turn to resolve: none under rules that roll none
    (bouts stored before kept theirs, which nothing reads)."""
    return Dice.from_json(stored["dice"]) if rules.rolls_dice else None


def state_start(rules: Ruleset, engine_input: dict[str, Any]) -> tuple[Any, Dice | None]:
    """The state before turn 1 and the bout's dice (EngineInputError for a setup or a seed
    the rule set refuses)."""
    return rules.setup(engine_input), bout_dice(rules, engine_input)


def states_around(
    rules: Ruleset, engine_input: dict[str, Any], turn: int
) -> tuple[Any, Any, list[Any]]:
    """The states before and after resolved turn `turn` (1-based) and its events, replayed
    from the stored orders (for reading an old turn, not for resolving a new one)."""
    state, dice = state_start(rules, engine_input)
    turns = engine_input.get("turns") or []
    before, events = state, []
    for raw in turns[:turn]:
        before = state
        state, events = rules.apply(state, read_orders(rules, state, raw or {}), dice)
    return before, state, list(events)


def ruleset_template(slug: str, name: str) -> str:
    """A page's template: the rule set's own under templates/rulesets/<slug>/ where its drawing
    differs, else the generic one under templates/arena/."""
    own = f"rulesets/{slug}/{name}"
    try:
        get_template(own)
    except TemplateDoesNotExist:
        return f"arena/{name}"
    return own
