"""One Gladiator Arena turn (sections 2 and 3): every order is given before anything is
resolved; then, as the rules tell it, a concession ends the bout at once (8 d), or everyone
moves (with bumps), everyone strikes from where they moved or tried to, the struck down leave
the game with their kills awarded (8, 8 b), the time limit takes its HP (8 c), and the bout
ends when one or none is left.

The 0.75 rules roll no dice (the rule set's `rolls_dice` is False): a turn is given none and
carries only its events, a list each mechanic appends to in the order things happen, given
back as a tuple.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.events import Event
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.combat import knockout, strikes
from arena.engine.rulesets.gladiator_arena.ending import (
    concession,
    end_of_turn,
    time_limit,
    time_limit_applies,
)
from arena.engine.rulesets.gladiator_arena.movement import movement
from arena.engine.rulesets.gladiator_arena.state import BoutState, Order


def resolve_turn(
    state: BoutState, orders: Mapping[str, Order]
) -> tuple[BoutState, tuple[Event, ...]]:
    """Resolve one turn from everyone's orders (a missing order: stay, no strikes). The
    orders are legal: each was checked once where it came in (orders.read_order, the web's
    what-if), or the tactics made it (tactics.default_order gives only legal orders)."""
    if state.finished:
        raise EngineInputError(
            f"turns[{state.turn}]", f"turn {state.turn + 1}: the bout is already over"
        )
    number = state.turn + 1
    told: list[Event] = []  # the turn's events, in order: each mechanic appends its own
    conceding = [name for name, order in orders.items() if order.concede is not None]
    if conceding:
        return concession(state, orders, conceding, number, told), tuple(told)
    # The turn's gladiators, each replaced by the mechanic that changes him: a list local to
    # the turn, frozen into the one new state at its end (end_of_turn).
    glads = list(state.gladiators)
    movement(state, glads, orders, told)
    wounds = strikes(state, glads, orders, told)
    knockout(state, glads, wounds, number, told)
    if state.options.time_limit and time_limit_applies(number):
        time_limit(glads, number, told)
    return end_of_turn(state, glads, number, told), tuple(told)
