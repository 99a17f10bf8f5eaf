"""GladiatorQuest events: one record per thing that happened, each with a log line.

Frozen records (core/records.py), as a turn makes a few dozen a bout."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from arena.engine.core.events import Event
from arena.engine.core.records import Frozen


class QuestEvent(Frozen, Event):
    """The base of this rule set's events: core's Event writes each as its kind, its line of
    text, then its fields in order, as JSON (dice tuples as lists, an enum as its value). A
    word that is a member of a StrEnum (a facing, a weight, a direction, an attack) is held
    as the member, which is its word: it is read only when the log is written, and the odds
    path writes none."""


class Bump(StrEnum):
    CONTESTED = "contested"  # two or more tried to enter the same square (V.A)
    OCCUPIED = "occupied"  # someone (or a body, or a mercy walker) stands there
    WALL = "wall"  # the edge of the arena or a wall


STEP_WORDS = {
    "forward": "moves forward",
    "back": "backs up",
    "left": "sidesteps to its left",
    "right": "sidesteps to its right",
}


class MovementRolled(QuestEvent):
    kind: ClassVar[str] = "movement_roll"
    rolls: ClassVar[tuple[str, ...]] = ("dice",)
    name: str
    weight: str
    dice: tuple[int, ...]
    points: int

    def text(self) -> str:
        dice = "+".join([str(d) for d in self.dice]) or "no dice"
        return f"{self.name} ({self.weight}) rolls {dice} for movement: {self.points} points"


class Moved(QuestEvent):
    kind: ClassVar[str] = "move"
    name: str
    direction: str
    start: str
    end: str
    facing: str
    points_left: int

    def text(self) -> str:
        # Left and right are the figure's own (a sidestep, facing unchanged), which on the
        # drawn board may be either way: the words say whose left it is.
        how = STEP_WORDS.get(self.direction, f"moves {self.direction}")
        return f"{self.name} {how} from {self.start} to {self.end}"


class Turned(QuestEvent):
    kind: ClassVar[str] = "turn"
    name: str
    how: str  # pivot_left, pivot_right, turn_around
    facing: str

    def text(self) -> str:
        return f"{self.name} turns ({self.how.replace('_', ' ')}) to face {self.facing}"


class Bumped(QuestEvent):
    kind: ClassVar[str] = "bump"
    name: str
    wanted: str
    reason: Bump
    points_left: int

    def text(self) -> str:
        return f"{self.name} cannot enter {self.wanted} ({self.reason}) and stays put"


class CombatEntered(QuestEvent):
    kind: ClassVar[str] = "combat"
    pairs: tuple[tuple[str, str], ...]

    def text(self) -> str:
        return "Combat: " + "; ".join([f"{a} and {b}" for a, b in self.pairs])


# What follows the attacker's name (a possessive without the space).
_ATTACK_VERBS = {
    "swing": " swings at",
    "thrust": " thrusts at",
    "jab": " jabs at",
    "shield_bash": " shield-bashes",
    "passing": " makes a passing attack on",
    "thrown": "'s thrown weapon hits",
    "spell": "'s spell strikes",
}


class Attacked(QuestEvent):
    """A blow in the combat phase, a passing attack, a thrown weapon's hit or a Genie."""

    kind: ClassVar[str] = "attack"
    rolls: ClassVar[tuple[str, ...]] = ("attack_dice", "parry_dice", "defend_dice")
    attacker: str
    target: str
    how: str  # swing, thrust, jab, shield_bash, passing, thrown, spell
    weapon: str
    attack_dice: tuple[str, ...]
    skulls: int
    parry_dice: tuple[str, ...]
    parried: int
    defend_dice: tuple[str, ...]
    blocked: int
    damage: int
    body_after: int

    def text(self) -> str:
        target, attack = self.target, self.attack_dice
        # (parry and defend dice are only listed when there are some, so never "nothing")
        parry = defend = ""
        if self.parry_dice:
            parry = f"; {target} parries with {','.join(self.parry_dice)} ({self.parried})"
        if self.defend_dice:
            defend = f"; defends with {','.join(self.defend_dice)} ({self.blocked} blocked)"
        return (
            f"{self.attacker}{_ATTACK_VERBS.get(self.how, ' attacks')} {target} with the "
            f"{self.weapon}: {len(attack)} attack dice rolled "
            f"{','.join(attack) if attack else 'nothing'}{parry}{defend}; "
            f"{self.damage} damage, {target} has {self.body_after} body"
        )


class ShieldDamaged(QuestEvent):
    kind: ClassVar[str] = "shield_damaged"
    name: str
    dice_left: int

    def text(self) -> str:
        if self.dice_left <= 0:
            return f"{self.name}'s shield is destroyed"
        return f"{self.name}'s shield is damaged: {self.dice_left} defend dice left"


class Thrown(QuestEvent):
    kind: ClassVar[str] = "throw"
    thrower: str
    weapon: str
    target: str
    predicted: str
    hit: bool
    struck: str | None
    landed: str

    def text(self) -> str:
        out = (
            f"{self.thrower} throws the {self.weapon} at {self.target}, "
            f"aiming for {self.predicted}: "
        )
        if self.hit:
            return out + f"on target; it lands at {self.landed}"
        if self.struck:
            return out + f"missed, flies on and hits {self.struck} at {self.landed}"
        return out + f"missed; it lands at {self.landed}"


class SpellCast(QuestEvent):
    kind: ClassVar[str] = "spell"
    rolls: ClassVar[tuple[str, ...]] = ("saves",)
    caster: str
    spell: str
    target: str | None
    saves: tuple[int, ...]
    damage: int
    healed: int
    effect: str

    def text(self) -> str:
        out = f"{self.caster} casts {self.spell}"
        if self.target:
            out += f" on {self.target}"
        if self.saves:
            out += f" (saving dice {','.join([str(d) for d in self.saves])})"
        if self.damage:
            out += f": {self.damage} damage"
        if self.healed:
            out += f": {self.healed} body points restored"
        if self.effect:
            out += f": {self.effect}"
        return out


class PotionDrunk(QuestEvent):
    kind: ClassVar[str] = "potion"
    rolls: ClassVar[tuple[str, ...]] = ("roll",)
    name: str
    potion: str
    given_by: str | None
    roll: int | None
    body_after: int

    def text(self) -> str:
        by = f" (given by {self.given_by})" if self.given_by else ""
        roll = f", rolls {self.roll}" if self.roll is not None else ""
        return f"{self.name} drinks the {self.potion}{by}{roll}; body {self.body_after}"


class StatusRoll(QuestEvent):
    kind: ClassVar[str] = "status"
    rolls: ClassVar[tuple[str, ...]] = ("dice",)
    name: str
    status: str
    dice: tuple[int, ...]
    ended: bool

    def text(self) -> str:
        dice = ",".join([str(d) for d in self.dice])
        state = "breaks free" if self.ended else "is still held"
        if not self.dice:
            return f"{self.name} is held by {self.status} and misses this turn"
        return f"{self.name} rolls {dice} against {self.status} and {state}"


class PickedUp(QuestEvent):
    kind: ClassVar[str] = "pick_up"
    name: str
    item: str
    square: str

    def text(self) -> str:
        return f"{self.name} picks up the {self.item} at {self.square}"


class Appealed(QuestEvent):
    kind: ClassVar[str] = "appeal"
    rolls: ClassVar[tuple[str, ...]] = ("roll",)
    name: str
    roll: int
    tally: int
    granted: bool

    def text(self) -> str:
        verdict = "grants mercy" if self.granted else "turns his thumb down"
        return (
            f"{self.name} appeals to the Emperor: rolls {self.roll} + tally {self.tally} = "
            f"{self.roll + self.tally}; the Emperor {verdict}"
        )


class Fallen(QuestEvent):
    """A gladiator at 0 body: down (a teammate may still heal him) or killed."""

    kind: ClassVar[str] = "fallen"
    name: str
    outcome: str  # down, killed, archers
    by: str | None

    def text(self) -> str:
        if self.outcome == "down":
            return f"{self.name} falls; a teammate may still heal him this movement phase"
        if self.outcome == "archers":
            return f"{self.name} struck one the Emperor spared: the Emperor's archers slay him"
        by = f" by {self.by}" if self.by else ""
        return f"{self.name} is killed{by}"


class Exited(QuestEvent):
    kind: ClassVar[str] = "exit"
    name: str
    square: str

    def text(self) -> str:
        return f"{self.name} leaves the arena at {self.square}"


class Impatience(QuestEvent):
    """A standoff: a movement step passed in which nothing happened (Ludus ruling)."""

    kind: ClassVar[str] = "impatience"

    def text(self) -> str:
        return "The crowd grows impatient: every gladiator must close in"


class BoutOver(QuestEvent):
    kind: ClassVar[str] = "bout_over"
    winner: str | None
    reason: str

    def text(self) -> str:
        if self.winner is None:
            return f"The bout is over with no winner ({self.reason})"
        return f"{self.winner} wins the bout ({self.reason})"
