"""The plain data of a Gladiator Arena bout, never changed once made: options, gladiators,
orders, the state."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from arena.engine.core.board import Board, Square, square_names
from arena.engine.core.events import Event
from arena.engine.core.records import Frozen, replace
from arena.engine.rulesets.gladiator_arena.data import KITS, Kit, Race, Weapon

DEFAULT_MAX_TURNS = 200


@dataclass(frozen=True, slots=True)
class Options:
    """Bout options: board size (section 4), time limit (8 c, on by default), and whether
    default tactics drive gladiators without orders (then the bout runs to its end or to
    `max_turns`)."""

    width: int = 8
    height: int = 8
    time_limit: bool = True
    tactics: bool = False
    max_turns: int = DEFAULT_MAX_TURNS


class Concession(StrEnum):
    """Section 8 d: the other gladiator gains a kill, or (in a standoff) the conceder loses one."""

    AWARD_KILL = "award_kill"
    LOSE_KILL = "lose_kill"


class RemovalCause(StrEnum):
    STRUCK = "struck"
    TIME_LIMIT = "time_limit"
    CONCEDED = "conceded"


class Order(Frozen):
    """One gladiator's secret order for one turn. `move` None means stay; an empty order is
    "stay, no strikes" (the ruling for a missing order)."""

    move: Square | None = None
    strikes: tuple[Square, ...] = ()
    concede: Concession | None = None


STAY = Order()


class Gladiator(Frozen):
    """One gladiator as a turn leaves it. Immutable: a mechanic that changes a gladiator
    makes a new one (`moved_to`, `struck`, ...). A `Frozen` record (core/records.py): a turn
    makes one or two for every gladiator, each copied with its changes in C
    (docs/decisions/0128-frozen-records-in-c.md). Each change names its fields to `replace`
    (msgspec's own): a `**changes` dict handed on takes msgspec's slower path
    (docs/decisions/0125-gladiator-arena-on-the-clock.md)."""

    name: str
    race: Race
    weapon: Weapon
    kit: Kit
    square: Square
    hp: int
    alive: bool = True
    died_on_turn: int | None = None
    removal: RemovalCause | None = None
    kills: Fraction = Fraction(0)
    damage_dealt: int = 0

    @classmethod
    def new(
        cls, name: str, race: Race, weapon: Weapon, square: Square, kit: Kit | None = None
    ) -> Gladiator:
        """A gladiator entering the bout, at his kit's full HP (`kit`: the pair's, when the
        caller already holds it)."""
        kit = KITS[race, weapon] if kit is None else kit
        return cls(name, race, weapon, kit, square, kit.hp)

    def moved_to(self, square: Square) -> Gladiator:
        return replace(self, square=square)

    def struck(self, taken: int, dealt: int) -> Gladiator:
        """After a turn's strikes: `taken` HP lost, `dealt` damage done to others."""
        return replace(self, hp=self.hp - taken, damage_dealt=self.damage_dealt + dealt)

    def scored(self, gained: Fraction | int) -> Gladiator:
        """`gained` kills (a share of one, or a point lost when negative)."""
        return replace(self, kills=self.kills + gained)

    def removed(
        self, turn: int, cause: RemovalCause, hp: int, kills: Fraction | int = 0
    ) -> Gladiator:
        """Out of the game on `turn`, with `hp` left and `kills` gained or lost on the way
        (none: his kills stay the same object, no fraction summed)."""
        return replace(
            self,
            hp=hp,
            alive=False,
            died_on_turn=turn,
            removal=cause,
            kills=self.kills + kills if kills else self.kills,
        )


class BoutState(Frozen):
    """Everything a turn needs, never changed once made. `turn` is the number of turns
    resolved so far (0 at the start); gladiators keep their setup order (the order they
    "posted" in), and `index` finds one by name (it follows from the names, which never
    change within a bout). `square_names` and `squares_by_name` are the board's squares
    with their names both ways (board_tables), carried from state to state like `index`:
    every order and every event of a turn names squares. A `Frozen` record like `Gladiator`:
    a turn makes one (its mechanics replace gladiators in a list local to the turn, frozen
    into the new state at its end)."""

    board: Board
    options: Options
    gladiators: tuple[Gladiator, ...]
    turn: int = 0
    finished: bool = False
    index: Mapping[str, int] = MappingProxyType({})
    square_names: Mapping[Square, str] = MappingProxyType({})
    squares_by_name: Mapping[str, Square] = MappingProxyType({})

    def get(self, name: str) -> Gladiator | None:
        i = self.index.get(name)
        return None if i is None else self.gladiators[i]

    @property
    def living(self) -> tuple[Gladiator, ...]:
        return tuple(g for g in self.gladiators if g.alive)

    def occupant(self, square: Square) -> Gladiator | None:
        for g in self.gladiators:
            if g.alive and g.square == square:
                return g
        return None


def new_state(options: Options, gladiators: list[Gladiator]) -> BoutState:
    names, by_name = board_tables(options.width, options.height)
    return BoutState(
        board=Board(options.width, options.height),
        options=options,
        gladiators=tuple(gladiators),
        finished=sum(1 for g in gladiators if g.alive) <= 1,
        index=_index(gladiators),
        square_names=names,
        squares_by_name=by_name,
    )


def _index(gladiators: Sequence[Gladiator]) -> dict[str, int]:
    return {g.name: i for i, g in enumerate(gladiators)}


def state_to_json(state: BoutState) -> dict[str, object]:
    """The state as plain JSON (play-by-web stores it after every turn)."""
    o = state.options
    return {
        "options": {
            "board": [o.width, o.height],
            "time_limit": o.time_limit,
            "tactics": o.tactics,
            "max_turns": o.max_turns,
        },
        "turn": state.turn,
        "finished": state.finished,
        "gladiators": [
            {
                "name": g.name,
                "race": g.race.value,
                "weapon": g.weapon.value,
                "square": str(g.square),
                "hp": g.hp,
                "alive": g.alive,
                "died_on_turn": g.died_on_turn,
                "removal": None if g.removal is None else g.removal.value,
                "kills": str(g.kills),
                "damage_dealt": g.damage_dealt,
            }
            for g in state.gladiators
        ],
    }


def state_from_json(data: Mapping[str, Any]) -> BoutState:
    """Exactly the state state_to_json was given (the data is ours: no checks beyond it)."""
    width, height = data["options"]["board"]
    options = Options(
        width, height, data["options"]["time_limit"], data["options"]["tactics"],
        data["options"]["max_turns"],
    )  # fmt: skip
    gladiators = tuple(
        Gladiator(
            name=g["name"],
            race=Race(g["race"]),
            weapon=Weapon(g["weapon"]),
            kit=KITS[Race(g["race"]), Weapon(g["weapon"])],
            square=Square.parse(g["square"]),
            hp=g["hp"],
            alive=g["alive"],
            died_on_turn=g["died_on_turn"],
            removal=None if g["removal"] is None else RemovalCause(g["removal"]),
            kills=Fraction(g["kills"]),
            damage_dealt=g["damage_dealt"],
        )
        for g in data["gladiators"]
    )
    return BoutState(
        Board(width, height),
        options,
        gladiators,
        data["turn"],
        data["finished"],
        _index(gladiators),
        *board_tables(width, height),
    )


@functools.cache
def board_tables(width: int, height: int) -> tuple[dict[Square, str], dict[str, Square]]:
    """Every square of a board with its name ("D5"), and every square by its name, worked out
    once per board size; each state carries them (`square_names`, `squares_by_name`): every
    event and snapshot of a turn names squares, and an order's squares are read by name, a
    look-up being the whole parse of a usual one. Keyed by the two numbers (Gladiator Arena
    boards have no walls): a board's own hash and equality are Python code."""
    names = square_names(width, height)
    return names, {name: sq for sq, name in names.items()}


def squares_around(board: Board) -> dict[Square, tuple[Square, ...]]:
    """Each square's neighbours on the board (the 8 around it, fewer at the edge), in
    _AROUND's order, worked out once per board size: a catapult's splash lands on them."""
    return _around(board.width, board.height)


_AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@functools.cache
def _around(width: int, height: int) -> dict[Square, tuple[Square, ...]]:
    # The neighbours are the board's own squares (board_tables'), found by their numbers,
    # rather than a new Square for each of the 8 around every square.
    square_at = {(sq.col, sq.row): sq for sq in board_tables(width, height)[0]}
    return {
        square: tuple(
            [
                square_at[col + dcol, row + drow]
                for dcol, drow in _AROUND
                if (col + dcol, row + drow) in square_at
            ]
        )
        for (col, row), square in square_at.items()
    }


def snapshot(state: BoutState) -> dict[str, dict[str, Any]]:
    """How every gladiator stands after a turn, as the log shows it."""
    names = state.square_names
    return {
        g.name: {"square": names[g.square], "hp": g.hp, "alive": g.alive} for g in state.gladiators
    }


def record(state: BoutState, events: Sequence[Event]) -> dict[str, Any]:
    """The log's entry of the turn just resolved: its number, every gladiator as he stands
    (snapshot) and its events, each its own log record (core.events.EventRecord). The
    rule set's `record`: what the driver's would write from the hooks, built in one call."""
    return {"turn": state.turn, "gladiators": snapshot(state), "events": list(events)}


__all__ = [
    "STAY",
    "BoutState",
    "Concession",
    "Gladiator",
    "Options",
    "Order",
    "RemovalCause",
    "board_tables",
    "new_state",
    "record",
    "snapshot",
    "squares_around",
    "state_from_json",
    "state_to_json",
]
