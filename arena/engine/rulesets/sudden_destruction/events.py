"""What happens in a round of Sudden Destruction, as events (core.Event subclasses).

Every event names the phase it belongs to (PhaseBegan marks where each starts) and action
events their tick, so a replay can step through a round phase by phase and tick by tick.
A round makes dozens of them, so they are plain slotted dataclasses, not frozen ones (see
core.events.Event): nothing changes an event once it is made. A phase, why an attack was
declared and why an action idled are StrEnums: each is its word, as the log writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from arena.engine.core.events import Event
from arena.engine.rulesets.sudden_destruction.data import LABELS


class Phase(StrEnum):
    TECH = "tech"
    ACTIONS = "actions"
    REPAIR = "repair"


class Why(StrEnum):
    """Why an attack was declared."""

    PLAN = "plan"  # a "fire" action of the plan
    INTERRUPT = "interrupt"  # the target came into range (standing reaction)
    RETURN_FIRE = "return fire"  # the target of an attack fires back (standing reaction)


class Idle(StrEnum):
    """Why an action did nothing."""

    OUT_OF_RANGE = "out of range"
    NO_TARGET = "no target"
    NO_FIRING_LEFT = "no firing left"
    NO_MOVEMENT_LEFT = "no movement left"
    ARRIVED = "already there"


@dataclass(slots=True)
class PhaseBegan(Event):
    kind: ClassVar[str] = "phase"
    round: int
    phase: Phase

    def text(self) -> str:
        return f"Round {self.round}: {self.phase} phase."


@dataclass(slots=True)
class TechRolled(Event):
    kind: ClassVar[str] = "tech"
    rolls: ClassVar[tuple[str, ...]] = ("dice",)
    name: str
    attribute: str
    current: int
    target: int
    dice: tuple[int, ...]
    success: bool

    def text(self) -> str:
        rolled = ", ".join(map(str, self.dice))
        outcome = "succeeds" if self.success else "fails"
        return (
            f"{self.name} tries {LABELS[self.attribute]} {self.current} -> {self.target} "
            f"(needs {self.target}+ on every die; rolls {rolled}): {outcome}."
        )


@dataclass(slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    name: str
    start: str
    square: str
    tick: int
    evading: bool = False

    def text(self) -> str:
        how = " to step out of range" if self.evading else ""
        return f"{self.name} moves from {self.start} to {self.square}{how}."


@dataclass(slots=True)
class Idled(Event):
    kind: ClassVar[str] = "idle"
    name: str
    action: str  # the action in the forum's words: "fire Red", "go C3"
    reason: Idle
    tick: int

    def text(self) -> str:
        return f"{self.name} cannot {self.action}: {self.reason}."


@dataclass(slots=True)
class Declared(Event):
    kind: ClassVar[str] = "declared"
    name: str
    target: str
    why: Why
    tick: int

    def text(self) -> str:
        return f"{self.name} {ATTACKS[self.why]} {self.target}."


# How a declared attack reads, by why it was declared.
ATTACKS = {Why.PLAN: "fires at", Why.INTERRUPT: "interrupts", Why.RETURN_FIRE: "fires back at"}


@dataclass(slots=True)
class Evaded(Event):
    kind: ClassVar[str] = "evaded"
    name: str
    attacker: str
    square: str
    tick: int

    def text(self) -> str:
        return (
            f"{self.name} has the initiative and steps out of {self.attacker}'s range to "
            f"{self.square}: the attack does not happen."
        )


@dataclass(slots=True)
class Shot(Event):
    kind: ClassVar[str] = "shot"
    rolls: ClassVar[tuple[str, ...]] = ("roll", "damage_roll")
    name: str
    target: str
    roll: int  # the accuracy die
    hit: bool
    damage_roll: int | None  # the damage die (None: none was needed)
    damage: int
    absorbed: int  # by armour plates
    target_damage: int  # the target's damage total afterwards
    target_hp: int  # the target's hit points level
    tick: int

    def text(self) -> str:
        if not self.hit:
            return f"{self.name} shoots at {self.target}: {self.roll}, a miss."
        plate = f" ({self.absorbed} absorbed by armour)" if self.absorbed else ""
        dud = " (a dud)" if self.damage == 0 and not self.absorbed else ""
        return (
            f"{self.name} shoots at {self.target}: {self.roll}, a hit for {self.damage} "
            f"damage{dud}{plate}; {self.target} has taken {self.target_damage} of "
            f"{self.target_hp}."
        )


@dataclass(slots=True)
class Destroyed(Event):
    kind: ClassVar[str] = "destroyed"
    name: str
    by: str
    round: int
    tick: int

    def text(self) -> str:
        return f"SUDDEN DESTRUCTION: {self.name} is destroyed by {self.by}."


@dataclass(slots=True)
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    name: str
    before: int
    after: int

    def text(self) -> str:
        return (
            f"{self.name} repairs {self.before - self.after}: damage {self.before} -> {self.after}."
        )


@dataclass(slots=True)
class Finished(Event):
    kind: ClassVar[str] = "finished"
    winner: str  # "" for a tie (or nobody)
    reason: str

    def text(self) -> str:
        return f"The bout is over: {self.reason}."
