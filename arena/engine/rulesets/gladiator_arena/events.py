"""What happens in a Gladiator Arena turn, as events (core.Event subclasses), never changed
once made. Squares are held as the log writes them ("D5"): an event is told once and written
once, so it keeps the words, and core's Event.to_dict writes every field as it is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_arena.state import Concession, RemovalCause


class BumpReason(StrEnum):
    SAME_SQUARE = "same_square"  # two or more tried to enter one square
    OCCUPIED = "occupied"  # the square's occupant stayed there (or bumped back)
    SWAP = "swap"  # two tried to swap squares and met in between


class StrikeResult(StrEnum):
    HIT = "hit"
    MISS = "miss"


class KillReason(StrEnum):
    ALONE = "alone"  # would have killed alone (8 b, first and second points)
    MOST_DAMAGE = "most_damage"  # nobody would have; most damage takes it (8 b, third point)
    CONCESSION = "concession"  # the other conceded (8 d)


class EndReason(StrEnum):
    ONE_LEFT = "one_left"
    NONE_LEFT = "none_left"
    CONCEDED = "conceded"


@dataclass(slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    name: str
    start: str
    square: str

    def text(self) -> str:
        return f"{self.name} moves from {self.start} to {self.square}."


@dataclass(slots=True)
class Bumped(Event):
    kind: ClassVar[str] = "bumped"
    name: str
    square: str
    tried: str
    reason: BumpReason

    def text(self) -> str:
        why = {
            BumpReason.SAME_SQUARE: "someone else moved there too",
            BumpReason.OCCUPIED: "its occupant stayed",
            BumpReason.SWAP: "they tried to swap squares",
        }[self.reason]
        return f"{self.name} is bumped back from {self.tried} to {self.square} ({why})."


@dataclass(slots=True)
class Hit:
    name: str
    damage: int
    square: str


@dataclass(slots=True)
class Struck(Event):
    """One strike. `origin` is where it was made from (the square tried, when bumped)."""

    kind: ClassVar[str] = "struck"
    name: str
    origin: str
    target: str
    result: StrikeResult
    hits: tuple[Hit, ...]

    def text(self) -> str:
        if self.result is StrikeResult.MISS:
            return f"{self.name} strikes {self.target}: miss."
        parts = ", ".join(
            f"hit {h.name} {h.damage} damage"
            + ("" if h.square == self.target else f" (on {h.square})")
            for h in self.hits
        )
        return f"{self.name} strikes {self.target}: {parts}."


@dataclass(slots=True)
class Wounded(Event):
    """The sum of a turn's strikes on one gladiator."""

    kind: ClassVar[str] = "wounded"
    name: str
    damage: int
    hp: int

    def text(self) -> str:
        return f"{self.name} takes {self.damage} damage this turn and has {self.hp} HP."


@dataclass(slots=True)
class TimeLimit(Event):
    kind: ClassVar[str] = "time_limit"
    name: str
    hp: int

    def text(self) -> str:
        return f"Time limit: {self.name} loses 1 HP and has {self.hp} HP."


@dataclass(slots=True)
class Removed(Event):
    kind: ClassVar[str] = "removed"
    name: str
    square: str
    hp: int
    cause: RemovalCause

    def text(self) -> str:
        how = {
            RemovalCause.STRUCK: "is struck down",
            RemovalCause.TIME_LIMIT: "falls to the time limit",
            RemovalCause.CONCEDED: "concedes",
        }[self.cause]
        return f"{self.name} {how} on {self.square} ({self.hp} HP) and leaves the game."


@dataclass(slots=True)
class KillAwarded(Event):
    kind: ClassVar[str] = "kill"
    name: str
    victim: str
    share: Fraction
    reason: KillReason

    def text(self) -> str:
        what = "a kill" if self.share == 1 else f"{self.share} of a kill"
        return f"{self.name} is awarded {what} for {self.victim}."


@dataclass(slots=True)
class KillLost(Event):
    """Time limit death (8 c) or a standoff concession (8 d): one kill point lost."""

    kind: ClassVar[str] = "kill_lost"
    name: str
    cause: RemovalCause

    def text(self) -> str:
        return f"{self.name} loses a kill point."


@dataclass(slots=True)
class Conceded(Event):
    kind: ClassVar[str] = "conceded"
    name: str
    choice: Concession

    def text(self) -> str:
        if self.choice is Concession.LOSE_KILL:
            return f"{self.name} concedes the standoff and gives up a kill point."
        return f"{self.name} concedes; the other gladiator gains a kill."


@dataclass(slots=True)
class Finished(Event):
    kind: ClassVar[str] = "finished"
    reason: EndReason
    survivor: str | None

    def text(self) -> str:
        if self.reason is EndReason.NONE_LEFT:
            return "The bout is over: nobody is left."
        if self.reason is EndReason.CONCEDED:
            return "The bout is over by concession."
        return f"The bout is over: {self.survivor} is the last one standing."
