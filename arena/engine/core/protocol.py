"""The shapes a rule set asks and answers in (Pending, Standing, Fate, Column) and the bout's
dice; the driver that plays a bout with them is in core/ruleset.py, beside the base class.

A bout is a sequence of steps. Before each step the rule set says whose orders it needs
(`pending`): everybody at once (simultaneous secret orders), one side (alternating team turns),
one combatant (initiative order), or one combatant's reaction to an interrupt. The caller
collects those orders (a play-by-web turn, a script, or the rule set's own tactics for anyone
absent), and `apply` resolves the step. The state between steps is plain data that survives a
JSON round trip exactly, so play-by-web stores it after each turn and resolves the next turn
from it, whatever the bout's length.

    state = ruleset.setup(bout)                    # EngineInputError for bad input
    while not ruleset.is_over(state):
        need = ruleset.pending(state)
        orders = {who: ruleset.read_order(state, who, given[who]) ...}  # typed, read once
        orders |= {who: ruleset.tactics(state, who) for who in need.who if who not in given}
        state, events = ruleset.apply(state, orders, dice)
    ruleset.standings(state)

`play_with` (core/ruleset.py) is that loop for a whole bout, writing the log every rule set shares:
{"ruleset", "version", "turns": [record, ...], "result": {...}}.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from arena.engine.core.dice import Dice
from arena.engine.errors import EngineInputError

JSON = Any  # a value that json.dumps takes and json.loads gives back unchanged


class Need(Enum):
    """Whose orders the next step waits for."""

    EVERYONE = "everyone"  # simultaneous: every name in Pending.who, revealed together
    SIDE = "side"  # one side (team) acts: its combatants in Pending.who
    ONE = "one"  # one combatant, e.g. the next in initiative order
    REACTION = "reaction"  # one combatant answers an interrupt before the step goes on


class Pending(NamedTuple):
    """Asked before every step (a NamedTuple: cheap to build)."""

    need: Need
    who: tuple[str, ...]
    phase: str = ""  # the rule set's name for the step: "movement", "tech", "red team" ...


class Fate(Enum):
    """How a combatant stands at the end (or so far): the words every page and the API share."""

    FIGHTING = "survived"  # still in the fight (at the end: survived)
    DEFEATED = "defeated"  # out of the fight, alive (knocked out, bested)
    SPARED = "mercy"  # appealed and was spared
    DEAD = "killed"  # killed: in a campaign, dead for good
    WITHDREW = "withdrew"  # conceded or fled

    @property
    def label(self) -> str:
        return _FATE_LABELS[self]


_FATE_LABELS = {
    Fate.FIGHTING: "Survived",
    Fate.DEFEATED: "Defeated",
    Fate.SPARED: "Granted mercy",
    Fate.DEAD: "Killed",
    Fate.WITHDREW: "Withdrew",
}


@dataclass(frozen=True, slots=True)
class Column:
    """An extra standings column a rule set shows (kills, body points, tech levels ...)."""

    key: str
    label: str
    help: str = ""


@dataclass(frozen=True, slots=True)
class Standing:
    """One combatant's line in the standings, in the shape every rule set shares. `extra` holds
    the rule set's own columns (Ruleset.columns) as display-ready JSON values."""

    name: str
    side: str
    place: int
    fate: Fate
    score: JSON = None
    extra: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "side": self.side,
            "place": self.place,
            "fate": self.fate.value,
            "score": self.score,
            **self.extra,
        }


def dice_input(bout: Mapping[str, JSON]) -> list[JSON] | int:
    """The bout's scripted results ("dice": [...]) or its seed ("seed": n; none given is 0),
    checked: EngineInputError names the field that is wrong."""
    if "dice" in bout:
        script = bout["dice"]
        if not isinstance(script, list):
            raise EngineInputError("dice", "must be a list of scripted results")
        return script
    seed = bout.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise EngineInputError("seed", "must be a whole number")
    return seed


def dice_for(bout: Mapping[str, JSON]) -> Dice:
    """The bout's dice: scripted results or a seeded generator (dice_input)."""
    given = dice_input(bout)
    return Dice.scripted(given) if isinstance(given, list) else Dice.seeded(given)
