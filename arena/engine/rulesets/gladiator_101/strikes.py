"""A strike as given: a weapon and a height. Rolled, it becomes the `Struck` event that tells
it (combat.roll_attack), which the wounds deal (wounds.deal)."""

from __future__ import annotations

from dataclasses import dataclass

from arena.engine.rulesets.gladiator_101.data import Height


@dataclass(frozen=True, slots=True)
class Strike:
    weapon: str
    height: Height

    def __str__(self) -> str:
        return f"{self.weapon} {self.height.value}"
