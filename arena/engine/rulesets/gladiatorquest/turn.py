"""One turn of GladiatorQuest: `resolve_turn(state, orders, dice) -> (state, events)`.

A turn is a movement step (IV.B) or, when the last step brought opponents into contact, their
combat round (V). It reads like the rule text's sequence:

1. The movement phase begins with everyone's roll (IV.B.1): at the end of the turn that ended
   the last phase, so that the state between turns shows the points the orders are written
   with; with table dice (scripted), and for the very first phase, at the start of the turn.
2. Everyone's orders are checked against the rules (each written one was read from its JSON
   once, where it came in: read_order), the tactics' for anyone who wrote none.
3. A combat round (V), after which whoever is at 0 body falls (VI.A) and the next movement
   phase rolls; else a movement step (IV.B.3, IV.C).
4. The bout ends when one side is left standing (II.G), or after options.max_turns turns.

The state is never changed: each mechanic gives a new one, and tells what happened on the
turn (core/turn.py: the turn's dice and events).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import combat, movement
from arena.engine.rulesets.gladiatorquest.ending import finish, last_side_standing
from arena.engine.rulesets.gladiatorquest.orders import (
    CombatOrder,
    StepOrder,
    order_location,
    parse_combat_order,
    parse_step_order,
)
from arena.engine.rulesets.gladiatorquest.state import NO_FRONTS, BoutState, with_fronts
from arena.engine.rulesets.gladiatorquest.wounds import fall


def resolve_turn(
    state: BoutState, orders: Mapping[str, Any], dice: Dice
) -> tuple[BoutState, tuple[Event, ...]]:
    turn = Turn(dice)
    if not state.rolled and not state.combat:
        state = movement.movement_roll(state, turn)
    read = check_orders(state, orders)
    if state.combat:
        state = replace(
            state, turn=state.turn + 1, phase="combat", combat=(), fronts=NO_FRONTS, rolled=False
        )
        state = fall(combat.combat_round(state, read, turn), turn)
    else:
        state = replace(state, turn=state.turn + 1, phase="movement")
        state = movement.step(state, read, turn)
    state = last_side_standing(state, turn)
    if not state.finished:
        max_turns = state.options.max_turns
        if state.turn >= max_turns:
            state = finish(state, turn, None, f"the Emperor stops the bout after {max_turns} turns")
        elif not state.rolled and not state.combat and not dice.is_scripted:
            state = movement.movement_roll(state, turn)
    return with_fronts(state), turn.told()


def read_order(state: BoutState, name: str, raw: Any) -> StepOrder | CombatOrder | None:
    """`name`'s order for the next turn from its JSON, read once where it comes in: a combat
    order in a combat round, else a movement order; None for none written. EngineInputError
    at its place in the input for one that cannot be read. The turn checks it against the
    rules (check_orders), after the movement roll that may begin it."""
    if name not in state.places:
        raise EngineInputError(f"turns[{state.turn}].orders", f"no gladiator called {name!r}")
    if raw is None:
        return None
    where = order_location(state, name)
    if state.combat:
        if name not in state.fronts:
            raise EngineInputError(where, f"{name} is not in this combat")
        return parse_combat_order(raw, where)
    return parse_step_order(raw, where, state.options.board.parse)


def check_orders(state: BoutState, orders: Mapping[str, Any]) -> dict[str, Any]:
    """The turn's orders as its phase carries them out: each written one checked against the
    state, the tactics' for everyone who wrote none (None, or none at all, is none written)."""
    if state.combat:
        return combat.check_orders(state, orders)
    return movement.check_orders(state, orders)
