"""Dice: a seeded generator of its own, or a scripted list of results ("loaded dice").

Every rule set takes its randomness only from the Dice object handed in; nothing reads the
global random module or the clock, so a bout replays byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from enum import StrEnum


class CombatFace(StrEnum):
    """HeroQuest's combat die: 3 skulls, 2 white shields, 1 black shield."""

    SKULL = "skull"
    WHITE = "white"
    BLACK = "black"


# Index by a uniform 0..5 draw: faces 0-2 skull, 3-4 white shield, 5 black shield.
COMBAT_FACES = (
    CombatFace.SKULL,
    CombatFace.SKULL,
    CombatFace.SKULL,
    CombatFace.WHITE,
    CombatFace.WHITE,
    CombatFace.BLACK,
)
_FACE_BY_NAME = {
    "skull": CombatFace.SKULL,
    "white": CombatFace.WHITE,
    "white_shield": CombatFace.WHITE,
    "black": CombatFace.BLACK,
    "black_shield": CombatFace.BLACK,
}


class DiceError(ValueError):
    """Scripted dice ran out, or a scripted result does not fit the die asked for."""


class Dice:
    """Source of every random result in a bout.

    Build with `Dice.seeded(seed)` or `Dice.scripted([...])`. Scripted results are consumed in
    the order the engine rolls; a d6 or dN takes an int, a combat die a face name ("skull",
    "white", "black").
    """

    __slots__ = ("_pos", "_rng", "_script", "rolled")

    def __init__(self, rng: random.Random | None, script: list[object] | None) -> None:
        self._rng = rng
        self._script = script
        self._pos = 0
        self.rolled = 0

    @classmethod
    def seeded(cls, seed: int | str) -> Dice:
        return cls(random.Random(seed), None)

    @classmethod
    def scripted(cls, results: Iterable[object]) -> Dice:
        return cls(None, list(results))

    def to_json(self) -> dict[str, object]:
        """Where the dice stand, as JSON: a bout stored between turns goes on rolling exactly
        as it would have in one run."""
        if self._rng is not None:
            version, internal, gauss = self._rng.getstate()
            return {"rng": [version, list(internal), gauss], "rolled": self.rolled}
        return {"script": list(self._script or []), "pos": self._pos, "rolled": self.rolled}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Dice:
        if "rng" in data:
            version, internal, gauss = data["rng"]  # type: ignore[misc]
            rng = random.Random()
            rng.setstate((version, tuple(internal), gauss))
            dice = cls(rng, None)
        else:
            dice = cls(None, list(data["script"]))  # type: ignore[arg-type]
            dice._pos = int(data["pos"])  # type: ignore[arg-type]
        dice.rolled = int(data["rolled"])  # type: ignore[arg-type]
        return dice

    @property
    def is_scripted(self) -> bool:
        return self._script is not None

    @property
    def remaining(self) -> int | None:
        """Scripted results not used yet (None for seeded dice)."""
        return None if self._script is None else len(self._script) - self._pos

    def _next_scripted(self, what: str) -> object:
        assert self._script is not None
        if self._pos >= len(self._script):
            raise DiceError(
                f"scripted dice ran out: result #{self._pos + 1} was needed for {what}, "
                f"but only {len(self._script)} were given"
            )
        value = self._script[self._pos]
        self._pos += 1
        return value

    def d(self, sides: int) -> int:
        """One die with faces 1..sides (d6 is the red die)."""
        self.rolled += 1
        if self._rng is not None:
            return int(self._rng.random() * sides) + 1
        value = self._next_scripted(f"a d{sides}")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceError(
                f"scripted result #{self._pos} is {value!r}, but a d{sides} (1..{sides}) was needed"
            )
        return value

    def d6(self) -> int:
        return self.d(6)

    def d6s(self, count: int) -> list[int]:
        if self._rng is None:
            return [self.d(6) for _ in range(count)]
        # Seeded: the same draws as d(6) one by one, without a call per die (the engines
        # roll dice by the hundred a bout).
        self.rolled += count
        random = self._rng.random
        return [int(random() * 6) + 1 for _ in range(count)]

    def d10(self, *, zero_based: bool = False) -> int:
        """A ten-sided die: 1..10, or 0..9 when zero_based (Sudden Destruction)."""
        return self.d(10) - 1 if zero_based else self.d(10)

    def d100(self) -> int:
        return self.d(100)

    def combat(self, count: int) -> list[CombatFace]:
        """`count` HeroQuest combat dice."""
        if self._rng is None:
            return [self._combat_die() for _ in range(count)]
        self.rolled += count  # (seeded: _combat_die's draws, without a call per die)
        random = self._rng.random
        return [COMBAT_FACES[int(random() * 6)] for _ in range(count)]

    def _combat_die(self) -> CombatFace:
        self.rolled += 1
        if self._rng is not None:
            return COMBAT_FACES[int(self._rng.random() * 6)]
        value = self._next_scripted("a combat die")
        face = _FACE_BY_NAME.get(value) if isinstance(value, str) else None
        if face is None:
            raise DiceError(
                f"scripted result #{self._pos} is {value!r}, but a combat die "
                "(skull, white or black) was needed"
            )
        return face
