"""What happens in a Gladiator Arena turn, as events that are their own log records
(core.EventRecord): each is the log's dict, {"type", "text", ...fields}, made once where the
turn tells it, with its sentence; the log takes it as it is. Fields read as attributes too
(`e.name`), and `of` is each event's constructor, in the order the log writes its fields.
Squares are held as the log writes them ("D5"), reasons as their StrEnum members."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from arena.engine.core.events import EventRecord, Fields
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


_WHY_BUMPED = {
    BumpReason.SAME_SQUARE: "someone else moved there too",
    BumpReason.OCCUPIED: "its occupant stayed",
    BumpReason.SWAP: "they tried to swap squares",
}
_HOW_REMOVED = {
    RemovalCause.STRUCK: "is struck down",
    RemovalCause.TIME_LIMIT: "falls to the time limit",
    RemovalCause.CONCEDED: "concedes",
}


class Moved(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "moved"
    name: str
    start: str
    square: str

    @classmethod
    def of(cls, name: str, start: str, square: str) -> Moved:
        return cls(
            type="moved",
            text=f"{name} moves from {start} to {square}.",
            name=name,
            start=start,
            square=square,
        )


class Bumped(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "bumped"
    name: str
    square: str
    tried: str
    reason: BumpReason

    @classmethod
    def of(cls, name: str, square: str, tried: str, reason: BumpReason) -> Bumped:
        return cls(
            type="bumped",
            text=f"{name} is bumped back from {tried} to {square} ({_WHY_BUMPED[reason]}).",
            name=name,
            square=square,
            tried=tried,
            reason=reason,
        )


class Hit(Fields):
    """One gladiator a strike hit, with the damage and the square it hit him on."""

    __slots__ = ()
    name: str
    damage: int
    square: str


class Struck(EventRecord):
    """One strike. `origin` is where it was made from (the square tried, when bumped)."""

    __slots__ = ()
    kind: ClassVar[str] = "struck"
    name: str
    origin: str
    target: str
    result: StrikeResult
    hits: list[Hit]

    @classmethod
    def of(
        cls, name: str, origin: str, target: str, result: StrikeResult, hits: list[Hit]
    ) -> Struck:
        if hits:
            parts = ", ".join(
                [
                    f"hit {h['name']} {h['damage']} damage"
                    + ("" if h["square"] == target else f" (on {h['square']})")
                    for h in hits
                ]
            )
        else:
            parts = "miss"
        return cls(
            type="struck",
            text=f"{name} strikes {target}: {parts}.",
            name=name,
            origin=origin,
            target=target,
            result=result,
            hits=hits,
        )


class Wounded(EventRecord):
    """The sum of a turn's strikes on one gladiator."""

    __slots__ = ()
    kind: ClassVar[str] = "wounded"
    name: str
    damage: int
    hp: int

    @classmethod
    def of(cls, name: str, damage: int, hp: int) -> Wounded:
        return cls(
            type="wounded",
            text=f"{name} takes {damage} damage this turn and has {hp} HP.",
            name=name,
            damage=damage,
            hp=hp,
        )


class TimeLimit(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "time_limit"
    name: str
    hp: int

    @classmethod
    def of(cls, name: str, hp: int) -> TimeLimit:
        return cls(
            type="time_limit",
            text=f"Time limit: {name} loses 1 HP and has {hp} HP.",
            name=name,
            hp=hp,
        )


class Removed(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "removed"
    name: str
    square: str
    hp: int
    cause: RemovalCause

    @classmethod
    def of(cls, name: str, square: str, hp: int, cause: RemovalCause) -> Removed:
        return cls(
            type="removed",
            text=f"{name} {_HOW_REMOVED[cause]} on {square} ({hp} HP) and leaves the game.",
            name=name,
            square=square,
            hp=hp,
            cause=cause,
        )


class KillAwarded(EventRecord):
    """A kill, or a share of one ("1/2"): `share` is the fraction as the log writes it."""

    __slots__ = ()
    kind: ClassVar[str] = "kill"
    name: str
    victim: str
    share: str
    reason: KillReason

    @classmethod
    def of(cls, name: str, victim: str, share: Fraction | str, reason: KillReason) -> KillAwarded:
        share = str(share)
        what = "a kill" if share == "1" else f"{share} of a kill"
        return cls(
            type="kill",
            text=f"{name} is awarded {what} for {victim}.",
            name=name,
            victim=victim,
            share=share,
            reason=reason,
        )


class KillLost(EventRecord):
    """Time limit death (8 c) or a standoff concession (8 d): one kill point lost."""

    __slots__ = ()
    kind: ClassVar[str] = "kill_lost"
    name: str
    cause: RemovalCause

    @classmethod
    def of(cls, name: str, cause: RemovalCause) -> KillLost:
        return cls(type="kill_lost", text=f"{name} loses a kill point.", name=name, cause=cause)


class Conceded(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "conceded"
    name: str
    choice: Concession

    @classmethod
    def of(cls, name: str, choice: Concession) -> Conceded:
        if choice is Concession.LOSE_KILL:
            text = f"{name} concedes the standoff and gives up a kill point."
        else:
            text = f"{name} concedes; the other gladiator gains a kill."
        return cls(type="conceded", text=text, name=name, choice=choice)


class Finished(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "finished"
    reason: EndReason
    survivor: str | None

    @classmethod
    def of(cls, reason: EndReason, survivor: str | None) -> Finished:
        if reason is EndReason.NONE_LEFT:
            text = "The bout is over: nobody is left."
        elif reason is EndReason.CONCEDED:
            text = "The bout is over by concession."
        else:
            text = f"The bout is over: {survivor} is the last one standing."
        return cls(type="finished", text=text, reason=reason, survivor=survivor)
