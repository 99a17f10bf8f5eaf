"""Scenario helpers: a small test yard, characters placed by hand, one team's turn resolved
with scripted d6s."""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.core.records import replace
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS, ArenaOfTheElders
from arena.engine.rulesets.arena_of_the_elders.arena import ARENAS, arena_from_json
from arena.engine.rulesets.arena_of_the_elders.state import PLAY, Fighter, Flag, Options, State

RULES = ArenaOfTheElders()

# The test yard (8x8), top rank first:
#  8 . . . . . . . .      walls: B1|B2 (B1:N), C6|D6 (C6:E); their turned twins G8|G7, F3|E3
#  7 . . . . . . . .      stairs: E5|E4 (E5:S) and its twin D4|D5
#  6 . . . . 1 1 . .      start zones: Red A1-D1, Blue H8-E8
#  5 . . . . 1 1 . .      flags: Red home H1 (zone G1, H2); Blue home A8 (zone B8, A7)
#  4 . . # . . . . .
#  3 . . . . ~ ~ . .
#  2 . . . . ~ ~ . .
#  1 . . . . . . . .
YARD = arena_from_json(
    {
        "key": "test-yard",
        "name": "Test yard",
        "width": 8,
        "height": 8,
        "terrain": [
            "........",
            "........",
            "....11..",
            "....11..",
            "..#.....",
            "....~~..",
            "....~~..",
            "........",
        ],
        "walls": ["B1:N", "C6:E"],
        "stairs": ["E5:S"],
        "start": ["A1", "B1", "C1", "D1"],
        "flag": {"home": "H1", "zone": ["G1", "H2"]},
    }
)
ARENAS[YARD.key] = YARD

INTS = ("hp", "level", "choice", "respawn_in", "deaths", "kills", "poison_turns", "seat")


def place(
    *specs: str,
    mode: str = "deathmatch",
    competitive: bool = False,
    arena: str = YARD.key,
    acting: int = 0,
    rounds: int = 30,
    kings: tuple[str, str] = ("", ""),
    flags: bool | None = None,
) -> State:
    """place("Red ignis C3 hp=5 level=3", "Blue vorn C5 burning=ignis") -> the board at the
    start of Red's turn (turn 1). The name is the champion's name."""
    fighters = []
    seats = [0, 0]
    for spec in specs:
        team_name, key, square, *settings = spec.split()
        team = 0 if team_name == "Red" else 1
        hero = CHAMPIONS[key]
        extra: dict[str, Any] = {}
        for setting in settings:
            k, _, v = setting.partition("=")
            if k in INTS:
                extra[k] = int(v)
            elif k in ("stunned", "skipping", "alive", "house"):
                extra[k] = v in ("1", "yes", "true")
            else:
                extra[k] = v
        fighters.append(
            Fighter(
                name=hero.name,
                champion=key,
                team=team,
                seat=extra.pop("seat", seats[team]),
                square=Square.parse(square),
                hp=extra.pop("hp", hero.health),
                choice=extra.pop("choice", hero.preferred),
                **extra,
            )
        )
        seats[team] += 1
    homes = ARENAS[arena].flag_homes
    on_board = (Flag(homes[0]), Flag(homes[1])) if (flags or mode == "flag") else (Flag(None),) * 2
    return State(
        options=Options(mode, competitive, arena, rounds),
        fighters=tuple(fighters),
        phase=PLAY,
        turn=1,
        acting=acting,
        first=acting,
        kings=kings,
        flags=on_board,  # type: ignore[arg-type]
    )


def resolve(
    state: State, dice: list[int] | tuple[int, ...] = (), **orders: dict[str, Any]
) -> tuple[State, tuple[Event, ...]]:
    """One step (a team's turn, or the preparation); every scripted die must be used."""
    loaded = Dice.scripted(list(dice))
    after, events = RULES.apply(state, read_orders(RULES, state, orders), loaded)
    assert loaded.remaining == 0, f"{loaded.remaining} scripted dice were not rolled"
    return after, tuple(events)


def act(path: str = "", ability: str = "", target: str = "", **more: Any) -> dict[str, Any]:
    """act("B2 B3", "firebolt", "E5", first="ability")"""
    order: dict[str, Any] = {}
    if path:
        order["path"] = path.split()
    if ability:
        order["ability"] = ability
    if target:
        order["target"] = target
    order.update(more)
    return order


def who(state: State, name: str) -> Fighter:
    found = state.get(name)
    assert found is not None, name
    return found


def at(state: State, name: str) -> str:
    return str(who(state, name).square)


def of(events: tuple[Event, ...], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def with_(state: State, name: str, **changes: Any) -> State:
    f = who(state, name)
    return replace(
        state,
        fighters=tuple(replace(f, **changes) if o.name == name else o for o in state.fighters),
    )
