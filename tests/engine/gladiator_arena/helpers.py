"""Scenario helpers: place gladiators, write orders, resolve a turn, look into events."""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_arena import (
    BoutState,
    Gladiator,
    Options,
    Order,
    Race,
    Weapon,
    new_state,
    resolve_turn,
)


def sq(text: str) -> Square:
    return Square.parse(text)


def place(
    *specs: str, board: tuple[int, int] = (8, 8), time_limit: bool = True, turn: int = 0
) -> BoutState:
    """place("A human sword D4", "B dwarf axe E5") -> a state at the start of turn `turn`+1."""
    gladiators = []
    for spec in specs:
        name, race, weapon, square = spec.split()
        gladiators.append(Gladiator.new(name, Race(race), Weapon(weapon), sq(square)))
    state = new_state(Options(board[0], board[1], time_limit=time_limit), gladiators)
    if turn:
        state = replace(state, turn=turn)
    return state


def order(move: str | None = None, *strikes: str) -> Order:
    return Order(move=sq(move) if move else None, strikes=tuple(sq(s) for s in strikes))


def resolve(state: BoutState, **orders: Order) -> tuple[BoutState, tuple[Event, ...]]:
    return resolve_turn(state, orders)


def at(state: BoutState, name: str) -> str:
    g = state.get(name)
    assert g is not None
    return str(g.square)


def hp(state: BoutState, name: str) -> int:
    g = state.get(name)
    assert g is not None
    return g.hp


def of(events: tuple[Event, ...], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def bout(*gladiators: dict[str, Any], turns: list[Any] | None = None, **options: Any) -> dict:
    out: dict[str, Any] = {"ruleset": "gladiator-arena", "gladiators": list(gladiators)}
    if options:
        out["options"] = options
    if turns is not None:
        out["turns"] = turns
    return out


def gl(name: str, race: str, weapon: str, square: str) -> dict[str, str]:
    return {"name": name, "race": race, "weapon": weapon, "square": square}
