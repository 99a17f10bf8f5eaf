"""A combatant's turn, as the text runs it: "At the beginning of each arena combat, one
combatant is randomly decided to go first. Once she has determined her 1 move action (move
up to 30ft, or activate a fast ability) and 1 standard action (make an attack, or activate a
slower ability. Can be converted into a move action.), checks are made, results are
determined, and she passes the turn to her opponent." A focused attack takes both actions.
Then the turn ends: boosts run out, and the bout may be over (ending.py)."""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiator_101.abilities import use_ability
from arena.engine.rulesets.gladiator_101.combat import attack
from arena.engine.rulesets.gladiator_101.ending import end_of_turn
from arena.engine.rulesets.gladiator_101.events import Began
from arena.engine.rulesets.gladiator_101.movement import move
from arena.engine.rulesets.gladiator_101.orders import Order
from arena.engine.rulesets.gladiator_101.state import State

NO_ORDER = Order()  # the actor's order when it gives none: it does nothing


def resolve_turn(
    state: State, orders: Mapping[str, Order], dice: Dice
) -> tuple[State, tuple[Event, ...]]:
    """The actor's turn with its order, legal as built (orders.read_order checked a player's,
    the tactics build only legal ones): nothing is read or checked here. The other gladiator
    has none to give."""
    turn = Turn(dice)
    order = orders.get(state.actor.name, NO_ORDER)
    if state.turn == 0:
        turn.tell(Began(state.actor.name))
    state = move_action(state, order, turn)
    state = standard_action(state, order, turn)
    return end_of_turn(state, turn), turn.told()


def move_action(state: State, order: Order, turn: Turn) -> State:
    """A move, or a fast ability (a focused attack spends it in standard_action)."""
    if order.move is not None:
        state = move(state, order.move, "move", turn)
    if order.fast:
        state = use_ability(state, order.fast, turn)
    return state


def standard_action(state: State, order: Order, turn: Turn) -> State:
    """An attack (basic or focused), a second move, or a slower ability."""
    if order.attack or order.focus:
        return attack(state, order.focus or order.attack, focused=bool(order.focus), turn=turn)
    if order.then is not None:
        return move(state, order.then, "standard", turn)
    if order.slow:
        return use_ability(state, order.slow, turn)
    return state
