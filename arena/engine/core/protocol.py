"""The one driver that plays a bout with any rule set (core.ruleset.Ruleset), and the shapes
it asks and answers in (Pending, Standing, Fate).

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
        orders = {who: ... for who in need.who}    # absent: ruleset.tactics(state, who)
        state, events = ruleset.apply(state, orders, dice)
    ruleset.standings(state)

`play_with` is that loop for a whole bout, writing the log every rule set shares:
{"ruleset", "version", "turns": [record, ...], "result": {...}}.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from arena.engine.core.dice import Dice, DiceError
from arena.engine.errors import EngineInputError

if TYPE_CHECKING:  # the base class's module imports this one for the driver
    from arena.engine.core.ruleset import Ruleset

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


def dice_for(bout: Mapping[str, JSON]) -> Dice:
    """The bout's dice: scripted results ("dice": [...]) or a seed ("seed": n); none given is
    seed 0, for rule sets that roll nothing."""
    if "dice" in bout:
        script = bout["dice"]
        if not isinstance(script, list):
            raise EngineInputError("dice", "must be a list of scripted results")
        return Dice.scripted(script)
    seed = bout.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise EngineInputError("seed", "must be a whole number")
    return Dice.seeded(seed)


def given_turns(bout: Mapping[str, JSON]) -> list[JSON]:
    turns = bout.get("turns")
    if turns is None:
        return []
    if not isinstance(turns, list):
        raise EngineInputError("turns", "must be a list of turns")
    return turns


def step_orders(ruleset: Ruleset, state: Any, raw: JSON, index: int, fill: bool) -> dict[str, JSON]:
    """Turn `index`'s orders as given (by name), with the tactics' order for anyone pending
    and absent when `fill`. A name the step does not wait for is the rule set's to refuse, in
    apply."""
    if raw is None:
        orders = {}
    elif isinstance(raw, dict):
        orders = dict(raw)
    else:
        raise EngineInputError(
            f"turns[{index}]", f"turn {index + 1}: must be an object of orders by name"
        )
    if fill:
        for who in ruleset.pending(state).who:
            if who not in orders:
                orders[who] = ruleset.tactics(state, who)
    return orders


def play_with(ruleset: Ruleset, bout: Mapping[str, JSON]) -> dict[str, JSON]:
    """Play a whole bout: the given turns' orders first, then (in a tactics bout) the rule set's
    tactics until it is over. Deterministic: the same input gives the same log."""
    log, _ = play_to_end(ruleset, bout)
    return log


def play_to_end(ruleset: Ruleset, bout: Mapping[str, JSON]) -> tuple[dict[str, JSON], Any]:
    """play_with's log, and the state the bout stopped in: for a rule set whose log shows more
    of the state than the driver writes (without reading the bout's input a second time)."""
    if not isinstance(bout, Mapping):
        raise EngineInputError("bout", "must be a JSON object")
    try:
        return _play_to_end(ruleset, bout)
    except DiceError as exc:
        # Scripted dice are input: running out, or a result off the die's faces, is bad input
        # of the "dice" field, said once here for every rule set.
        raise EngineInputError("dice", str(exc)) from None


def _play_to_end(ruleset: Ruleset, bout: Mapping[str, JSON]) -> tuple[dict[str, JSON], Any]:
    state = ruleset.setup(bout)
    dice = dice_for(bout)
    turns = given_turns(bout)
    fill = ruleset.uses_tactics(bout)
    bound = ruleset.max_steps(state)
    records: list[dict[str, JSON]] = []
    index = 0
    while not ruleset.is_over(state):
        if index < len(turns):
            raw = turns[index]
        elif fill and index < bound:
            raw = None
        else:
            break
        orders = step_orders(ruleset, state, raw, index, fill)
        state, events = ruleset.apply(state, orders, dice)
        records.append(ruleset.record(state, events))
        index += 1
    log = {
        "ruleset": ruleset.slug,
        "version": ruleset.version,
        "turns": records,
        "result": ruleset.result(state),
    }
    return log, state
