"""The plain data of a Gladiator Arena bout, never changed once made: options, gladiators,
orders, the state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from arena.engine.core.board import Board, Square
from arena.engine.rulesets.gladiator_arena.data import RACES, Race, Weapon

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


class Concession(Enum):
    """Section 8 d: the other gladiator gains a kill, or (in a standoff) the conceder loses one."""

    AWARD_KILL = "award_kill"
    LOSE_KILL = "lose_kill"


class RemovalCause(Enum):
    STRUCK = "struck"
    TIME_LIMIT = "time_limit"
    CONCEDED = "conceded"


@dataclass(frozen=True, slots=True)
class Order:
    """One gladiator's secret order for one turn. `move` None means stay; an empty order is
    "stay, no strikes" (the ruling for a missing order)."""

    move: Square | None = None
    strikes: tuple[Square, ...] = ()
    concede: Concession | None = None


STAY = Order()


@dataclass(slots=True)
class Gladiator:
    """Never changed once made: a turn makes a new one for each gladiator it changes (not
    frozen: a frozen dataclass costs four times as much to build, and a turn builds many)."""

    name: str
    race: Race
    weapon: Weapon
    square: Square
    hp: int
    alive: bool = True
    died_on_turn: int | None = None
    removal: RemovalCause | None = None
    kills: Fraction = Fraction(0)
    damage_dealt: int = 0

    @classmethod
    def new(cls, name: str, race: Race, weapon: Weapon, square: Square) -> Gladiator:
        return cls(name=name, race=race, weapon=weapon, square=square, hp=RACES[race].hp)


@dataclass(slots=True)
class BoutState:
    """Everything a turn needs, never changed once made (not frozen, like Gladiator). `turn`
    is the number of turns resolved so far (0 at the start);
    gladiators keep their setup order (the order they "posted" in)."""

    board: Board
    options: Options
    gladiators: tuple[Gladiator, ...]
    turn: int = 0
    finished: bool = False
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._index:
            self._index.update({g.name: i for i, g in enumerate(self.gladiators)})

    def get(self, name: str) -> Gladiator | None:
        i = self._index.get(name)
        return None if i is None else self.gladiators[i]

    def index_of(self, name: str) -> int | None:
        return self._index.get(name)

    @property
    def living(self) -> tuple[Gladiator, ...]:
        return tuple(g for g in self.gladiators if g.alive)

    def occupant(self, square: Square) -> Gladiator | None:
        for g in self.gladiators:
            if g.alive and g.square == square:
                return g
        return None

    def evolve(self, gladiators: tuple[Gladiator, ...], *, turn: int, finished: bool) -> BoutState:
        # Names and their order never change, so the index is shared, not rebuilt.
        return BoutState(self.board, self.options, gladiators, turn, finished, self._index)


def new_state(options: Options, gladiators: list[Gladiator]) -> BoutState:
    return BoutState(
        board=Board(options.width, options.height),
        options=options,
        gladiators=tuple(gladiators),
        finished=sum(1 for g in gladiators if g.alive) <= 1,
    )


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
    return BoutState(Board(width, height), options, gladiators, data["turn"], data["finished"])


__all__ = [
    "STAY",
    "BoutState",
    "Concession",
    "Gladiator",
    "Options",
    "Order",
    "RemovalCause",
    "new_state",
    "state_from_json",
    "state_to_json",
]
