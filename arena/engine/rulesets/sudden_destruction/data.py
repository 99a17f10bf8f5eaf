"""The nine attributes of Sudden Destruction, their starting levels and their limits.

Rule text "Set up": every counter starts at the same tech levels; "1. Attempt to increase one
tech level": a level of 10 or more can never be reached (RULINGS: a d10 shows 0-9, so no die
can reach 10), minimum fire power never exceeds maximum fire power and repair rate never
exceeds hit points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

MAX_LEVEL = 9  # "every die thrown is equal to or greater than the target": a d10 tops at 9


class Levels(NamedTuple):
    """A counter's tech levels. The defaults are the text's initial values. A NamedTuple like
    the counter that holds it (state.Machine)."""

    hit_points: int = 1
    movement: int = 1
    min_fire: int = 0
    max_fire: int = 1
    firing_rate: int = 1
    range: int = 0
    accuracy: int = 0
    repair: int = 0
    initiative: int = 0

    def get(self, attribute: str) -> int:
        return getattr(self, attribute)

    def raised(self, attribute: str, level: int) -> Levels:
        return self._replace(**{attribute: level})

    def to_json(self) -> dict[str, int]:
        return dict(zip(ATTRIBUTES, self, strict=True))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Levels:
        return cls(**{a: data[a] for a in ATTRIBUTES if a in data})


ATTRIBUTES: tuple[str, ...] = Levels._fields
INITIAL = Levels()

# The words the text (and the forum format) uses for each attribute.
LABELS: dict[str, str] = {
    "hit_points": "hit points",
    "movement": "movement",
    "min_fire": "min fire power",
    "max_fire": "max fire power",
    "firing_rate": "firing rate",
    "range": "range",
    "accuracy": "accuracy",
    "repair": "repair rate",
    "initiative": "initiative",
}
SHORT: dict[str, str] = {
    "hit_points": "HP",
    "movement": "Mov",
    "min_fire": "FPmin",
    "max_fire": "FPmax",
    "firing_rate": "Rate",
    "range": "Rng",
    "accuracy": "Acc",
    "repair": "Rep",
    "initiative": "Ini",
}


def attribute_named(text: str) -> str | None:
    """The attribute a player means by `text` ("Max Fire Power", "max_fire", "repair rate")."""
    key = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    for attribute, label in LABELS.items():
        if key in (label, attribute.replace("_", " ")):
            return attribute
    aliases = {"hp": "hit_points", "fire rate": "firing_rate", "repair": "repair"}
    return aliases.get(key)


def raise_problem(levels: Levels, attribute: str, target: int) -> str | None:
    """Why a tech attempt from `levels` to `attribute` = `target` is not allowed (None: it is).
    The limits are checked against the levels at the moment of the attempt."""
    label = LABELS[attribute]
    current = levels.get(attribute)
    if target <= current:
        return f"{label} is already at level {current}: aim above it"
    if target > MAX_LEVEL:
        return f"a level of 10 or more can never be reached ({label} {target})"
    if attribute == "min_fire" and target > levels.max_fire:
        return (
            f"min fire power can never be greater than max fire power ({levels.max_fire}): "
            f"{target} is too high"
        )
    if attribute == "repair" and target > levels.hit_points:
        return (
            f"repair rate can never be greater than hit points ({levels.hit_points}): "
            f"{target} is too high"
        )
    return None


def level_problems(levels: Mapping[str, Any], *, floor: Levels | None = None) -> list[str]:
    """What is wrong with a set of levels as a whole (a campaign build, a bout's input):
    whole numbers 0-9, at least the starting `floor`, and the two limits."""
    problems = []
    for attribute in ATTRIBUTES:
        value = levels.get(attribute)
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{LABELS[attribute]}: a whole number is needed")
            continue
        low = floor.get(attribute) if floor is not None else 0
        if not low <= value <= MAX_LEVEL:
            problems.append(f"{LABELS[attribute]}: {value} is outside {low}-{MAX_LEVEL}")
    unknown = sorted(set(levels) - set(ATTRIBUTES))
    problems.extend(f"{name}: not an attribute" for name in unknown)
    if problems:
        return problems
    if levels["min_fire"] > levels["max_fire"]:
        problems.append("min fire power can never be greater than max fire power")
    if levels["repair"] > levels["hit_points"]:
        problems.append("repair rate can never be greater than hit points")
    if levels["hit_points"] < 1:
        problems.append("hit points: at least 1")
    return problems
