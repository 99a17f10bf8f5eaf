"""What happens in a Gladiator 101 turn, as events (each one line of the log): plain slotted
records, never changed once told (a bout tells a few dozen, a frozen record costs about
four times as much to make; core.events.Event)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from arena.engine.core.events import Event


class Result(StrEnum):
    """How a strike came out (the text's steps 3-6): each is the word the log writes."""

    MISS = "miss"
    FULL = "full"  # passed its damage grade: the damage roll
    PARTIAL = "partial"  # failed it: one damage die
    GLANCING = "glancing"  # failed it by more than 50: 1 damage
    CRIT = "crit"  # a to-hit of the crit range: passes the grade, ignores reduction


@dataclass(slots=True)
class Began(Event):
    kind: ClassVar[str] = "began"
    name: str

    def text(self) -> str:
        return f"{self.name} wins the toss and goes first."


@dataclass(slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    name: str
    start: str
    end: str
    action: str  # "move" or "standard" (a standard action converted into a move)

    def text(self) -> str:
        again = " again" if self.action == "standard" else ""
        return f"{self.name} moves{again} {self.start} -> {self.end}."


@dataclass(slots=True)
class Used(Event):
    kind: ClassVar[str] = "used"
    name: str
    feat: str
    timing: str  # "fast" or "slow"
    effect: str

    def text(self) -> str:
        return f"{self.name} uses {self.feat} ({self.timing}): {self.effect}."


@dataclass(slots=True)
class Struck(Event):
    kind: ClassVar[str] = "struck"
    rolls: ClassVar[tuple[str, ...]] = ("roll", "grade_roll", "dice")
    name: str
    target: str
    weapon: str
    height: str
    focused: bool
    to_hit: int  # the check number
    roll: int
    result: Result
    location: str = ""
    grade: int | None = None  # the damage grade's check number (None: a miss or a crit)
    grade_roll: int | None = None
    dice: tuple[int, ...] = ()
    damage: int = 0

    def text(self) -> str:
        how = "focused " if self.focused else ""
        head = (
            f"{self.name}: {how}{self.weapon} {self.height} at {self.target}, "
            f"to-hit {self.roll} vs {self.to_hit}"
        )
        if self.result is Result.MISS:
            return f"{head}: miss."
        if self.result is Result.CRIT:
            return f"{head}: crit on the {self.location}, {self.damage} damage {list(self.dice)}."
        grade = f"grade {self.grade_roll} vs {self.grade}"
        if self.result is Result.GLANCING:
            return f"{head}, {self.location}, {grade}: glancing hit, 1 damage."
        part = "full hit" if self.result is Result.FULL else "partial hit"
        return f"{head}, {self.location}, {grade}: {part}, {self.damage} damage {list(self.dice)}."


@dataclass(slots=True)
class Wounded(Event):
    kind: ClassVar[str] = "wounded"
    name: str
    location: str
    hp: int  # left there
    carried: int = 0  # damage passed on to the torso (a limb at 0)

    def text(self) -> str:
        if self.hp == 0:
            more = f"; {self.carried} passes to the torso" if self.carried else ""
            return f"{self.name}'s {self.location} is down to 0{more}."
        left = "1 hit point" if self.hp == 1 else f"{self.hp} hit points"
        return f"{self.name}'s {self.location}: {left} left."


@dataclass(slots=True)
class Boosted(Event):
    """A special feat took effect (Riposte, Bloodlust, Hamstring, Sweep, Last Stand)."""

    kind: ClassVar[str] = "boosted"
    name: str
    feat: str
    effect: str

    def text(self) -> str:
        return f"{self.feat}: {self.name} {self.effect}."


@dataclass(slots=True)
class Fell(Event):
    kind: ClassVar[str] = "fell"
    name: str
    by: str
    fate: str  # "killed" or "knocked out"
    location: str

    def text(self) -> str:
        return f"{self.name} is {self.fate} by {self.by} (a blow to the {self.location})."


@dataclass(slots=True)
class Ended(Event):
    kind: ClassVar[str] = "ended"
    winner: str  # "" for a draw
    reason: str

    def text(self) -> str:
        if not self.winner:
            return f"The bout ends in a draw ({self.reason})."
        return f"{self.winner} wins ({self.reason})."
