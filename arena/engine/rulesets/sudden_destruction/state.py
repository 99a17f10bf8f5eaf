"""The state of a Sudden Destruction bout between rounds: plain frozen data, exactly JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from arena.engine.core.board import Square
from arena.engine.rulesets.sudden_destruction.data import Levels

SLUG = "sudden-destruction"
DEFAULT_BOARD = (8, 8)  # "A chess board"
DEFAULT_MAX_ROUNDS = 100  # the text has no limit; a bound so that every bout ends


@dataclass(frozen=True, slots=True)
class Options:
    width: int = DEFAULT_BOARD[0]
    height: int = DEFAULT_BOARD[1]
    max_rounds: int = DEFAULT_MAX_ROUNDS
    tactics: bool = False  # absent plans are filled by tactics until the bout ends

    def contains(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def corners(self) -> tuple[Square, ...]:
        """The starting corners in the order they are handed out: the first two opposite
        ("For two players, this would be opposite corners"), then the other two."""
        right, top = self.width - 1, self.height - 1
        return (Square(0, 0), Square(right, top), Square(right, 0), Square(0, top))


# The tactics settings (campaign.TACTICS lists the choices, the first being the default).
RESEARCH = ("balanced", "firepower", "hull", "speed")
AGGRESSION = ("aggressive", "cautious")
GAMBLE = ("safe", "bold")


@dataclass(frozen=True, slots=True)
class Tactics:
    """How the engine plans for an absent player (tactics.py)."""

    research: str = RESEARCH[0]  # which attributes it raises first
    aggression: str = AGGRESSION[0]  # closes in and fires, or keeps its distance and steps out
    gamble: str = GAMBLE[0]  # one level per attempt, or two

    def to_json(self) -> dict[str, str]:
        return {"research": self.research, "aggression": self.aggression, "gamble": self.gamble}


class Machine(NamedTuple):
    """One player's counter (a war machine in a campaign). A NamedTuple, as Gladiator Arena's
    gladiators are (record 0066): a round copies counters a dozen times, and a tuple is made
    and copied (`_replace`) several times faster than a frozen dataclass."""

    name: str
    seat: int  # its place in the bout's entry list: breaks ties of initiative
    square: Square
    levels: Levels
    damage: int = 0
    armour: int = 0  # armour plates: each absorbs one point of damage, once (campaign item)
    alive: bool = True
    destroyed_in: int = 0  # the round it was destroyed in; 0 while it is on the board
    destroyed_by: tuple[str, ...] = ()
    gained: int = 0  # tech levels gained by its rolls during this bout
    plates_used: int = 0
    tactics: Tactics = Tactics()

    @property
    def hp_left(self) -> int:
        return self.levels.hit_points - self.damage

    def at(self, square: Square) -> Machine:
        """This counter moved to `square`: the most frequent change of a round (a step), so it
        copies field by field as record 0084 chose; `_replace` reads its changes from keywords
        and takes half as long again."""
        return Machine(
            self.name, self.seat, square, self.levels, self.damage, self.armour, self.alive,
            self.destroyed_in, self.destroyed_by, self.gained, self.plates_used, self.tactics,
        )  # fmt: skip

    def reaches(self, other: Machine) -> bool:
        """`other` is within this counter's range (orthogonal distance; 0 = same square)."""
        return self.square.manhattan(other.square) <= self.levels.range


class State(NamedTuple):
    """The board between rounds. Each counter's seat is its place in `machines`. A NamedTuple
    like `Machine`; a round makes one new state, at its end (round.Round.state)."""

    options: Options
    machines: tuple[Machine, ...]
    round: int = 0  # rounds played
    finished: bool = False

    def get(self, name: str) -> Machine | None:
        for m in self.machines:
            if m.name == name:
                return m
        return None

    @property
    def living(self) -> tuple[Machine, ...]:
        return tuple(m for m in self.machines if m.alive)


def machine_to_json(m: Machine) -> dict[str, Any]:
    return {
        "name": m.name,
        "seat": m.seat,
        "square": str(m.square),
        "levels": m.levels.to_json(),
        "damage": m.damage,
        "armour": m.armour,
        "alive": m.alive,
        "destroyed_in": m.destroyed_in,
        "destroyed_by": list(m.destroyed_by),
        "gained": m.gained,
        "plates_used": m.plates_used,
        "tactics": m.tactics.to_json(),
    }


def machine_from_json(data: Mapping[str, Any]) -> Machine:
    return Machine(
        name=data["name"],
        seat=data["seat"],
        square=Square.parse(data["square"]),
        levels=Levels.from_json(data["levels"]),
        damage=data["damage"],
        armour=data["armour"],
        alive=data["alive"],
        destroyed_in=data["destroyed_in"],
        destroyed_by=tuple(data["destroyed_by"]),
        gained=data["gained"],
        plates_used=data["plates_used"],
        tactics=Tactics(**data["tactics"]),
    )


def state_to_json(state: State) -> dict[str, Any]:
    o = state.options
    return {
        "options": {
            "board": [o.width, o.height],
            "max_rounds": o.max_rounds,
            "tactics": o.tactics,
        },
        "machines": [machine_to_json(m) for m in state.machines],
        "round": state.round,
        "finished": state.finished,
    }


def state_from_json(data: Mapping[str, Any]) -> State:
    o = data["options"]
    return State(
        options=Options(o["board"][0], o["board"][1], o["max_rounds"], o["tactics"]),
        machines=tuple(machine_from_json(m) for m in data["machines"]),
        round=data["round"],
        finished=data["finished"],
    )
