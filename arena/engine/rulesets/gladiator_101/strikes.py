"""A strike as given (weapon and height) and as rolled (to hit, location, grade, damage): the
records the attack (combat.py) makes and the wounds (wounds.py) deal."""

from __future__ import annotations

from dataclasses import dataclass

from arena.engine.rulesets.gladiator_101.data import Height
from arena.engine.rulesets.gladiator_101.events import Result


@dataclass(frozen=True, slots=True)
class Strike:
    weapon: str
    height: Height

    def __str__(self) -> str:
        return f"{self.weapon} {self.height.value}"


@dataclass(frozen=True, slots=True)
class Rolled:
    strike: Strike
    to_hit: int
    roll: int
    result: Result = Result.MISS
    focused: bool = False  # made as a focused strike (not Trained Kick's kick beside one)
    location: str = ""
    grade: int | None = None
    grade_roll: int | None = None
    dice: tuple[int, ...] = ()
    damage: int = 0
