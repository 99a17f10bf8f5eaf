"""What happens in an Arena of the Elders bout, one `Frozen` record each (core/records.py)."""

from __future__ import annotations

from typing import ClassVar

from arena.engine.core.events import Event
from arena.engine.core.records import Frozen


class EldersEvent(Frozen, Event):
    """The base of this rule set's events: core's Event writes each as its kind, its line of
    text, then its fields in order."""


class RolledOff(EldersEvent):
    kind: ClassVar[str] = "rolled_off"
    rolls: ClassVar[tuple[str, ...]] = ("red", "blue")
    red: int
    blue: int
    first: str

    def text(self) -> str:
        if not self.first:  # a tie: both roll again
            return f"Roll-off: Red {self.red}, Blue {self.blue}: a tie, rolled again."
        return f"Roll-off: Red {self.red}, Blue {self.blue}: {self.first} goes first."


class KingNamed(EldersEvent):
    kind: ClassVar[str] = "king_named"
    team: str
    name: str  # "" when the king is secret
    crowned: bool = False  # the team is absent: the arena crowned its king

    def text(self) -> str:
        if self.crowned:
            who = self.name or "a king, in secret"
            return f"{self.team} nominates nobody: the arena crowns {who}."
        if not self.name:
            return f"{self.team} writes the name of its king in secret."
        return f"{self.team} names {self.name} its king."


class TurnBegan(EldersEvent):
    kind: ClassVar[str] = "turn_began"
    team: str
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn}: {self.team}."


class LevelGained(EldersEvent):
    kind: ClassVar[str] = "level_gained"
    name: str
    level: int
    why: str  # "turn", "kill", "competitive"

    def text(self) -> str:
        return f"{self.name} reaches level {self.level} ({self.why})."


class Respawned(EldersEvent):
    kind: ClassVar[str] = "respawned"
    name: str
    square: str

    def text(self) -> str:
        return f"{self.name} returns at {self.square} with full health."


class Burned(EldersEvent):
    kind: ClassVar[str] = "burned"
    name: str
    damage: int
    hp: int

    def text(self) -> str:
        return f"{self.name} burns for {self.damage} ({self.hp} left)."


class PoisonHurt(EldersEvent):
    kind: ClassVar[str] = "poison"
    name: str
    damage: int
    hp: int

    def text(self) -> str:
        if not self.damage:
            return f"The poison in {self.name} bides its time."
        return f"Poison hurts {self.name} for {self.damage} ({self.hp} left)."


class Skipped(EldersEvent):
    kind: ClassVar[str] = "skipped"
    name: str

    def text(self) -> str:
        return f"{self.name} is stunned and sits out this turn."


class Moved(EldersEvent):
    kind: ClassVar[str] = "moved"
    name: str
    path: tuple[str, ...]
    to: str
    why: str = ""  # why it stopped short, "" when it went all the way

    def text(self) -> str:
        short = f" (stopped: {self.why})" if self.why else ""
        return f"{self.name} moves to {self.to}{short}."


class Used(EldersEvent):
    """An ability on an enemy (with its to-hit roll) or an ally."""

    kind: ClassVar[str] = "used"
    rolls: ClassVar[tuple[str, ...]] = ("roll",)
    name: str
    ability: str
    target: str
    roll: int  # 0 when the ability rolls nothing
    need: str  # "3-6", "" when no roll
    hit: bool
    crit: bool
    damage: int
    hp: int  # the target's health after it

    def text(self) -> str:
        roll = f" ({self.roll}, needs {self.need})" if self.roll else ""
        if not self.hit:
            return f"{self.name}: {self.ability} at {self.target}{roll}: miss."
        crit = " CRIT" if self.crit else ""
        dealt = f": {self.damage} damage, {self.hp} left" if self.damage or self.roll else ""
        return f"{self.name}: {self.ability} at {self.target}{roll}: hit{crit}{dealt}."


class Affected(EldersEvent):
    kind: ClassVar[str] = "affected"
    name: str
    effect: str  # fire, poison, stun, or a timed effect
    by: str
    turns: int = 0

    def text(self) -> str:
        words = {"fire": "is on fire", "poison": "is poisoned", "stun": "is stunned"}
        if self.effect in words:
            return f"{self.name} {words[self.effect]}."
        return f"{self.name} is under {self.effect} for {self.turns} turn(s) ({self.by})."


class Healed(EldersEvent):
    kind: ClassVar[str] = "healed"
    name: str
    by: str
    amount: int
    hp: int
    cleansed: tuple[str, ...] = ()

    def text(self) -> str:
        gone = f"; no longer {', '.join(self.cleansed)}" if self.cleansed else ""
        return f"{self.by} heals {self.name} for {self.amount} ({self.hp} now){gone}."


class Doused(EldersEvent):
    kind: ClassVar[str] = "doused"
    name: str

    def text(self) -> str:
        return f"{self.name} enters the water: no longer on fire."


class Fizzled(EldersEvent):
    kind: ClassVar[str] = "fizzled"
    name: str
    ability: str
    why: str

    def text(self) -> str:
        return f"{self.name} cannot use {self.ability}: {self.why}."


class Died(EldersEvent):
    kind: ClassVar[str] = "died"
    name: str
    by: str
    deaths: int

    def text(self) -> str:
        by = f" by {self.by}" if self.by else ""
        return f"{self.name} is killed{by} (death {self.deaths})."


class FlagEvent(EldersEvent):
    kind: ClassVar[str] = "flag"
    team: str  # whose flag
    what: str  # taken, dropped, returned, captured
    name: str = ""  # who
    square: str = ""
    captures: int = 0

    def text(self) -> str:
        flag = f"the {self.team} flag"
        if self.what == "taken":
            return f"{self.name} takes {flag}."
        if self.what == "dropped":
            return f"{flag.capitalize()} falls at {self.square}."
        if self.what == "returned":
            return f"{self.name} returns {flag} to its zone."
        return f"{self.name} captures {flag} (capture {self.captures})."


class Finished(EldersEvent):
    kind: ClassVar[str] = "finished"
    winner: str  # a team, or "" for a draw
    reason: str

    def text(self) -> str:
        if not self.winner:
            return f"The bout ends in a draw: {self.reason}."
        return f"{self.winner} wins: {self.reason}."
