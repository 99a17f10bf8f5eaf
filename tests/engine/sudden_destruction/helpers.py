"""Scenario helpers: place counters, write plans, resolve a round with scripted d10s (0-9)."""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.sudden_destruction import (
    INITIAL,
    Levels,
    Machine,
    Options,
    State,
    SuddenDestruction,
)
from arena.engine.rulesets.sudden_destruction.web import parse_plan_text

RULES = SuddenDestruction()
KEYS = {
    "hp": "hit_points",
    "mov": "movement",
    "min": "min_fire",
    "max": "max_fire",
    "rate": "firing_rate",
    "range": "range",
    "acc": "accuracy",
    "rep": "repair",
    "ini": "initiative",
}


def place(*specs: str, board: tuple[int, int] = (8, 8), max_rounds: int = 100) -> State:
    """place("Red A1 acc=2 max=3", "Blue B1 ini=1 armour=1 damage=1") -> the state before a
    round. Levels not named are the text's initial levels."""
    machines = []
    for seat, spec in enumerate(specs):
        name, square, *settings = spec.split()
        levels = INITIAL.to_json()
        extra: dict[str, int] = {}
        for setting in settings:
            key, value = setting.split("=")
            if key in KEYS:
                levels[KEYS[key]] = int(value)
            else:
                extra[key] = int(value)
        machines.append(
            Machine(name, seat, Square.parse(square), Levels.from_json(levels), **extra)
        )
    return State(Options(board[0], board[1], max_rounds), tuple(machines))


def plan(actions: str = "", **lines: Any) -> dict[str, Any]:
    """plan("go C3, fire Red", tech="accuracy 2", interrupt="any", evade="yes"): a plan as the
    forum writes it, read by the forum parser."""
    text = [f"Actions: {actions or 'none'}"]
    for key, value in lines.items():
        text.append(f"{key.replace('_', ' ')}: {value}")
    return parse_plan_text("\n".join(text))


def faces(*results: int) -> Dice:
    """Loaded d10s showing these faces (0-9), in the order the engine rolls."""
    return Dice.scripted([r + 1 for r in results])  # Dice.d10(zero_based=True) reads 1-10


def resolve(
    state: State, dice: tuple[int, ...] | list[int] = (), **plans: dict[str, Any]
) -> tuple[State, tuple[Event, ...]]:
    """One round; every scripted die must be used."""
    loaded = faces(*dice)
    after, events = RULES.apply(state, read_orders(RULES, state, plans), loaded)
    assert loaded.remaining == 0, f"{loaded.remaining} scripted dice were not rolled"
    return after, tuple(events)


def of(events: tuple[Event, ...], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def at(state: State, name: str) -> str:
    m = state.get(name)
    assert m is not None
    return str(m.square)


def get(state: State, name: str) -> Machine:
    m = state.get(name)
    assert m is not None
    return m


def texts(events: tuple[Event, ...]) -> list[str]:
    return [e.text() for e in events]
