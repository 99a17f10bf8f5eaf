"""Orders and turns as JSON (the engine's input) and the snapshot of each turn in the log."""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena.state import BoutState, Concession, Order

SLUG = "gladiator-arena"
_ORDER_KEYS = {"move", "strike", "concede"}


def parse_order(raw: object, where: str, name: str) -> Order:
    """One order from JSON: {"move": "D5", "strike": ["E6", "E5"], "concede": true}."""
    if raw is None:
        return Order()
    if not isinstance(raw, dict):
        raise EngineInputError(where, f"{name}: an order must be an object")
    unknown = sorted(set(raw) - _ORDER_KEYS)
    if unknown:
        raise EngineInputError(
            f"{where}.{unknown[0]}", f"{name}: unknown order key (expected move, strike, concede)"
        )
    move = raw.get("move")
    square = None
    if move is not None:
        square = _square(move, f"{where}.move", name)
    strikes_raw = raw.get("strike", [])
    if strikes_raw is None:
        strikes_raw = []
    if not isinstance(strikes_raw, list):
        raise EngineInputError(f"{where}.strike", f"{name}: must be a list of squares")
    strikes = tuple(_square(s, f"{where}.strike", name) for s in strikes_raw)
    concede = raw.get("concede")
    choice = None
    if concede is True or concede == Concession.AWARD_KILL.value:
        choice = Concession.AWARD_KILL
    elif concede == Concession.LOSE_KILL.value:
        choice = Concession.LOSE_KILL
    elif concede not in (None, False):
        raise EngineInputError(
            f"{where}.concede", f'{name}: must be true, "award_kill" or "lose_kill"'
        )
    return Order(move=square, strikes=strikes, concede=choice)


def order_to_json(order: Order) -> dict[str, Any]:
    """The JSON form parse_order reads back (a concession stands alone)."""
    if order.concede is not None:
        return {"concede": order.concede.value}
    out: dict[str, Any] = {}
    if order.move is not None:
        out["move"] = str(order.move)
    if order.strikes:
        out["strike"] = [str(s) for s in order.strikes]
    return out


def _square(text: object, where: str, name: str) -> Square:
    try:
        return Square.parse(text)  # type: ignore[arg-type]
    except ValueError:
        raise EngineInputError(where, f"{name}: {text!r} is not a square like D5") from None


def parse_turn(state: BoutState, raw: object, index: int) -> dict[str, Order]:
    """A turn's orders by name, each from its JSON or already an Order (the ruleset's `plan`
    gives the tactics' orders that way: resolve_turn still checks them)."""
    where = f"turns[{index}]"
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise EngineInputError(where, f"turn {index + 1}: must be an object of orders by name")
    orders: dict[str, Order] = {}
    for name, raw_order in raw.items():
        g = state.get(name)
        if g is None:
            raise EngineInputError(
                f"{where}.{name}", f"turn {index + 1}: there is no gladiator named {name!r}"
            )
        if isinstance(raw_order, Order):
            order = raw_order
        else:
            order = parse_order(raw_order, f"{where}.{name}", name)
        # An empty order for someone already removed is harmless (a form sent it); anything
        # else is refused by the validator ("a removed gladiator never acts").
        if not g.alive and order == Order():
            continue
        orders[name] = order
    return orders


def snapshot(state: BoutState) -> dict[str, dict[str, Any]]:
    return {
        g.name: {"square": str(g.square), "hp": g.hp, "alive": g.alive} for g in state.gladiators
    }
