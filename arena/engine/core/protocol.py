"""The turn protocol every rule set implements, and the one driver that plays a bout with it.

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
        orders = {who: ... for who in need.who}    # absent: tactics_order(ruleset, state, who)
                                                   # (unless it fills absent orders itself)
        state, events = ruleset.apply(state, orders, dice)
    ruleset.standings(state)

`play_with` is that loop for a whole bout, writing the log every rule set shares:
{"ruleset", "version", "turns": [record, ...], "result": {...}}.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, NamedTuple, Protocol

from arena.engine.core.dice import Dice, DiceError
from arena.engine.core.events import Event
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


class TurnBased(Protocol):
    """A rule set played step by step. Everything here is pure: no input is mutated (but by
    the optional `advance`, to the state its caller hands over), nothing reads the clock or
    the global random module."""

    slug: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    columns: ClassVar[tuple[Column, ...]]  # the extra standings columns, in order
    placing: ClassVar[str]  # one line: how places are decided

    def setup(self, bout: Mapping[str, JSON]) -> Any:
        """The starting state from the bout's "options" and "gladiators" (EngineInputError)."""

    def pending(self, state: Any) -> Pending:
        """Whose orders the next step needs (only asked while not is_over)."""

    def validate(self, state: Any, who: str, order: JSON) -> list[str]:
        """Problems with `who`'s order for the next step, in words; [] when it is legal."""

    def tactics(self, state: Any, who: str) -> JSON:
        """The order `who`'s default tactics give for the next step (for absent players)."""

    # Optional: plan(state, who) -> the same order as tactics(state, who) before it becomes
    # JSON, in the rule set's own parsed form, which its apply also takes (as it takes the
    # order of an absent player: from its own tactics, so not parsed nor checked again). The
    # driver fills absent orders with it when a rule set has it (see tactics_order), sparing
    # a JSON round trip per order per step. plan is asked only for a name that pending(state)
    # just gave, so it need not work out again whether `who` writes an order (tactics answers
    # for anyone).

    # Optional: fills_absent_orders = True, for a rule set whose apply itself gives everyone
    # it waits for who wrote no order his tactics' order (GladiatorQuest: a gladiator whose
    # player writes nothing fights by his tactics). The driver then passes the orders as
    # given, and the tactics work each absent order out once, in apply, rather than twice.

    # Optional: terrain(state) -> what the board draws besides its squares (blocks, water,
    # heights, zones, lines between squares; arena/replay.py, board_shapes). The map does not
    # change within a bout, so the replay draws it from the starting state; the order page,
    # the live board and the preview draw it too.

    def apply(
        self, state: Any, orders: Mapping[str, JSON], dice: Dice
    ) -> tuple[Any, Sequence[Event]]:
        """Resolve the next step with these orders (absent names: no order; an order is its
        JSON, or what `plan` gave when the rule set has one). Returns the new state and what
        happened; EngineInputError for an order that cannot be carried out."""

    # Optional: advance(state, orders, dice) -> what apply(state, orders, dice) gives, for a
    # caller who hands over a state that is its own and that it never reads again (the
    # driver: each state it plays comes from setup or from the step before, and once passed
    # on only the state returned is read). So the rule set may take that state's parts into
    # the next one instead of copying them; apply keeps its promise to change nothing it is
    # given (play-by-web resolves turns from stored states with it). The driver advances
    # with it when a rule set has one (see advancing), else with apply.

    def is_over(self, state: Any) -> bool: ...

    def standings(self, state: Any) -> list[Standing]: ...

    def record(self, state: Any, events: Sequence[Event]) -> dict[str, JSON]:
        """The log entry of the step just applied (turn number, snapshot, events)."""

    def result(self, state: Any) -> dict[str, JSON]:
        """The log's "result": at least {"finished": bool, "standings": [...]}."""

    def uses_tactics(self, bout: Mapping[str, JSON]) -> bool:
        """Whether absent orders are filled by tactics until the bout ends (a tactics bout),
        rather than the bout stopping where the given turns run out (a bout in progress)."""

    def max_steps(self, state: Any) -> int:
        """A bound on steps, so that every bout ends."""

    def to_json(self, state: Any) -> dict[str, JSON]: ...

    def from_json(self, data: Mapping[str, JSON]) -> Any:
        """Exactly the state to_json was given: from_json(to_json(s)) == s."""


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


def tactics_order(ruleset: TurnBased, state: Any, who: str) -> Any:
    """What the driver passes to apply for an absent `who` (a name pending(state) gave): the
    rule set's `plan` when it has one (its tactics' order, not yet JSON), else `tactics`."""
    plan = getattr(ruleset, "plan", None)
    return ruleset.tactics(state, who) if plan is None else plan(state, who)


def advancing(ruleset: TurnBased) -> Any:
    """How a driver that owns its states resolves a step: the rule set's `advance` when it has
    one (it may reuse the state it is given, which the driver never reads again), else
    `apply`. Both are called (state, orders, dice) and give (state, events)."""
    return getattr(ruleset, "advance", None) or ruleset.apply


def step_orders(
    ruleset: TurnBased, state: Any, raw: JSON, index: int, fill: bool
) -> dict[str, JSON]:
    """Turn `index`'s orders as given (by name), with tactics for anyone pending and absent
    when `fill` (unless the rule set fills absent orders itself: fills_absent_orders). A name
    the step does not wait for is the rule set's to refuse, in apply."""
    if raw is None:
        orders = {}
    elif isinstance(raw, dict):
        orders = dict(raw)
    else:
        raise EngineInputError(
            f"turns[{index}]", f"turn {index + 1}: must be an object of orders by name"
        )
    if fill and not getattr(ruleset, "fills_absent_orders", False):
        # tactics_order for each absent name, with the rule set's plan looked up once.
        plan = getattr(ruleset, "plan", None) or ruleset.tactics
        for who in ruleset.pending(state).who:
            if who not in orders:
                orders[who] = plan(state, who)
    return orders


def play_with(ruleset: TurnBased, bout: Mapping[str, JSON]) -> dict[str, JSON]:
    """Play a whole bout: the given turns' orders first, then (in a tactics bout) the rule set's
    tactics until it is over. Deterministic: the same input gives the same log."""
    log, _ = play_to_end(ruleset, bout)
    return log


def play_to_end(ruleset: TurnBased, bout: Mapping[str, JSON]) -> tuple[dict[str, JSON], Any]:
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


def _play_to_end(ruleset: TurnBased, bout: Mapping[str, JSON]) -> tuple[dict[str, JSON], Any]:
    state = ruleset.setup(bout)
    dice = dice_for(bout)
    turns = given_turns(bout)
    fill = ruleset.uses_tactics(bout)
    bound = ruleset.max_steps(state)
    advance = advancing(ruleset)  # each state here is the driver's own, never read once passed
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
        state, events = advance(state, orders, dice)
        records.append(ruleset.record(state, events))
        index += 1
    log = {
        "ruleset": ruleset.slug,
        "version": ruleset.version,
        "turns": records,
        "result": ruleset.result(state),
    }
    return log, state
