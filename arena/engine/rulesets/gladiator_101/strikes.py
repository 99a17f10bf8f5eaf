"""A strike as given: a weapon and a height. Rolled, it becomes the `Struck` event that tells
it (combat.roll_attack), which the wounds deal (wounds.deal)."""

from __future__ import annotations

from dataclasses import dataclass

from arena.engine.rulesets.gladiator_101.data import WEAPONS, Height


@dataclass(frozen=True, slots=True)
class Strike:
    weapon: str
    height: Height

    def __str__(self) -> str:
        return f"{self.weapon} {self.height.value}"


# Every strike there is, by weapon and height: made once, so that the same strike is the same
# object wherever it is named (an order read, a plan drawn up).
STRIKE = {(w, h): Strike(w, h) for w in WEAPONS for h in Height}
