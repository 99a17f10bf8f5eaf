"""The base class every rule set subclasses, and the registry of rule sets.

Like python-chess's `Board` for its variants, `Ruleset` is one class that plays a bout turn by
turn and gives every member the Django side or the driver reads. A rule set overrides what its
rules decide (setup, whose orders a step waits for, validation, tactics, resolving a step,
standings) and, where its log or its pages need more than the plain default, a few small
hooks; `play`, `is_over`, `record`, `result`, `to_json` and `from_json` are written here once.
Every optional member has its default here, so nothing looks a member up by name.

A bout is a sequence of steps ("turns"): each has a number, a phase named by the rule set
("movement", "round", a team's name ...), the orders that drove it, its events, and a snapshot
of every combatant afterwards (core/protocol.py has the driver that plays them).

Orders are the rule set's own typed values within a bout: a player's JSON order is read once,
where it comes in (`read_order`), the tactics give typed orders, and `apply` takes them. JSON
is written back (`order_json`) only where orders are kept. A rule set without typed orders
keeps JSON as its order type: both hooks then pass the JSON on as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from arena.engine.core.campaign import CampaignAdapter, WebPlay
from arena.engine.core.dice import Dice, DiceError
from arena.engine.core.events import Event
from arena.engine.core.fallback import first_order
from arena.engine.core.protocol import Column, Pending, Standing, dice_for, dice_input
from arena.engine.errors import EngineInputError

JSON = Any  # a value that json.dumps takes and json.loads gives back unchanged


@dataclass(frozen=True, slots=True)
class StepWord:
    """What a rule set calls one step of a bout, in the forms the pages and messages need:
    `one` ("round"), `many` ("rounds") and `title` ("Round", to start a sentence or heading).
    Only words people read use it; URLs, fields and JSON keys say "turn" for every rule set."""

    one: str
    many: str

    @property
    def title(self) -> str:
        return self.one[:1].upper() + self.one[1:]

    def __str__(self) -> str:
        return self.one


TURN = StepWord("turn", "turns")


class Ruleset:
    """A rule set: subclass it, set the class attributes, write the methods marked "every rule
    set", and register the class (`@register`). Everything is pure: no input is changed,
    nothing reads the clock or the global random module. A state is the rule set's own frozen
    data; the default hooks read `state.finished` and `state.turn`."""

    slug: ClassVar[str]
    version: ClassVar[str]  # bump on any change that alters a stored log (decision 0009)
    title: ClassVar[str]
    columns: ClassVar[tuple[Column, ...]] = ()
    """The rule set's own standings columns, in order (kills, body points ...)."""
    placing: ClassVar[str] = ""
    """One line under the standings: how places are decided."""
    step_word: ClassVar[StepWord] = TURN
    """What the rules call one step ("round" in Sudden Destruction), for words people read."""
    campaign: ClassVar[CampaignAdapter | None] = None
    """The campaign adapter; None: not offered for campaigns."""
    web: ClassVar[WebPlay | None] = None
    """The play-by-web adapter; None: fought by tactics only."""
    rolls_dice: ClassVar[bool] = True
    """Whether the rules leave anything to chance. False (Gladiator Arena): the driver builds
    no dice and apply is given None, and the odds fight a bout once."""
    dice_fields: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({})
    """Each event kind -> the fields holding its dice (core.events.rolls_by_kind), for the
    bout report."""
    state_json: ClassVar[tuple[Callable[[Any], dict[str, JSON]], Callable[[Any], Any]]]
    """The state's (to JSON, from JSON) pair: from_json(to_json(s)) == s."""

    # --- every rule set -----------------------------------------------------------------

    def setup(self, bout: Mapping[str, JSON]) -> Any:
        """The starting state from the bout's input (EngineInputError in words)."""
        raise NotImplementedError

    def uses_tactics(self, bout: Mapping[str, JSON]) -> bool:
        """Whether absent orders are filled by tactics until the bout ends (a tactics bout),
        rather than the bout stopping where the given turns run out."""
        raise NotImplementedError

    def max_steps(self, state: Any) -> int:
        """A bound on steps, so that every bout ends."""
        raise NotImplementedError

    def pending(self, state: Any) -> Pending:
        """Whose orders the next step needs (asked only while not is_over)."""
        raise NotImplementedError

    def validate(self, state: Any, who: str, order: JSON) -> list[str]:
        """Problems with `who`'s order (JSON) for the next step, in words; [] when it is
        legal. Words only: the order page and the API ask it of a draft."""
        raise NotImplementedError

    def tactics(self, state: Any, who: str) -> Any:
        """The order `who`'s default tactics give for the next step, as the rule set's own
        typed order (what read_order gives): what the driver passes to apply for anyone
        pending who gave none. order_json writes it where JSON is kept."""
        raise NotImplementedError

    def apply(
        self, state: Any, orders: Mapping[str, Any], dice: Dice | None
    ) -> tuple[Any, Sequence[Event]]:
        """Resolve the next step with these typed orders (by name, each from read_order or
        tactics; absent: none given) and the bout's dice (None where rolls_dice is False).
        Returns the new state and its events; EngineInputError for an order that cannot be
        carried out. Changes nothing it is given."""
        raise NotImplementedError

    def standings(self, state: Any) -> list[Standing]:
        """Every combatant's line, best place first."""
        raise NotImplementedError

    def snapshot(self, state: Any) -> dict[str, JSON]:
        """Every combatant after a step, as the log records it (the record's "gladiators")."""
        raise NotImplementedError

    # --- written once, driven by the hooks below ----------------------------------------

    def play(self, bout: Mapping[str, JSON]) -> dict[str, JSON]:
        """A whole bout, JSON in and out: {"ruleset", "version", "turns", "result"}.
        Deterministic; EngineInputError for bad input."""
        log, state = play_to_end(self, self.driver_input(bout))
        return self.log(log, state)

    def is_over(self, state: Any) -> bool:
        """Whether the bout has ended."""
        return bool(state.finished)

    def record(self, state: Any, events: Sequence[Event]) -> dict[str, JSON]:
        """The log's entry of the step just applied: its number, phase, snapshot and events."""
        out: dict[str, JSON] = {"turn": self.turn_number(state)}
        phase = self.record_phase(state)
        if phase is not None:
            out["phase"] = phase
        out["gladiators"] = self.snapshot(state)
        out["events"] = self.event_records(events)
        return out

    def result(self, state: Any) -> dict[str, JSON]:
        """The log's "result": {"finished", "standings", ...result_extra}."""
        return {
            "finished": self.is_over(state),
            "standings": [s.to_dict() for s in self.standings(state)],
            **self.result_extra(state),
        }

    def to_json(self, state: Any) -> dict[str, JSON]:
        """The state as JSON, for play by web to store between turns."""
        return self.state_json[0](state)

    def from_json(self, data: Mapping[str, JSON]) -> Any:
        """Exactly the state to_json was given: from_json(to_json(s)) == s."""
        if not isinstance(data, Mapping):
            raise EngineInputError("state", "must be a JSON object")
        return self.state_json[1](data)

    # --- hooks with defaults ------------------------------------------------------------

    def read_order(self, state: Any, who: str, order: JSON) -> Any:
        """`who`'s order for the next step, read from its JSON once, where a player's order
        comes in (a given turn, a turn of play by web): the rule set's typed order, which
        apply takes. EngineInputError in words, at the order's place in the bout's input,
        for one that cannot be read. Overridden by a rule set with typed orders; by default
        the order is its JSON, which that rule set's apply reads and checks itself."""
        return order

    def order_json(self, order: Any) -> JSON:
        """A typed order (read_order's, tactics') as JSON, where orders are kept (a turn's
        stored orders, a fallback order): read_order(state, who, order_json(o)) == o.
        Overridden with read_order; by default the order is already JSON."""
        return order

    def event_records(self, events: Sequence[Event]) -> list[dict[str, JSON]]:
        """The step's events as the log writes them: each event's to_dict. Overridden by a
        rule set whose events are their own log records (core.events.EventRecord), to take
        them as they are, without a call per event."""
        return [e.to_dict() for e in events]

    def turn_number(self, state: Any) -> int:
        """The number of the step just applied, for its record (`state.turn`)."""
        return int(state.turn)

    def record_phase(self, state: Any) -> str | None:
        """The record's "phase" ("round", "preparation" ...); None: the record has none."""
        return None

    def result_extra(self, state: Any) -> dict[str, JSON]:
        """What the rule set's result adds after the standings (the winner ...)."""
        return {}

    def driver_input(self, bout: Mapping[str, JSON]) -> Mapping[str, JSON]:
        """The bout as the driver reads it (each given turn: orders by name), for a rule set
        whose input wraps its turns."""
        return bout

    def log(self, log: dict[str, JSON], state: Any) -> dict[str, JSON]:
        """The played bout's log, for a rule set whose log shows more of the end state."""
        return log

    def terrain(self, state: Any) -> dict[str, JSON]:
        """What the board draws besides its squares (blocks, water, zones ...), from the
        starting state: the map does not change within a bout. None by default."""
        return {}

    def fallback_order(
        self,
        state: Any,
        who: str,
        plan: Sequence[Mapping[str, JSON]],
        *,
        start: Mapping[str, Mapping[str, JSON]],
        turn: int,
    ) -> JSON | None:
        """A missed turn's order from the player's conditional fallback orders (core/fallback.py,
        against the bout's `start` snapshot): the first rule that holds and is legal, or None."""
        return first_order(self, state, who, plan, start=start, turn=turn)

    def secret_order_keys(self, options: Mapping[str, JSON]) -> frozenset[str]:
        """Parts of an order kept from all but its own side until the bout is over (the
        Elders' secret king); Ludus hides them in the orders it shows."""
        return frozenset()


RULESETS: dict[str, type[Ruleset]] = {}


# --- the driver: a whole bout with any rule set -------------------------------------------


def bout_dice(ruleset: Ruleset, bout: Mapping[str, JSON]) -> Dice | None:
    """The bout's dice (dice_for: scripted or seeded), or None under rules that roll none:
    a generator nobody draws from is not built, but a bad seed or script is still refused."""
    if ruleset.rolls_dice:
        return dice_for(bout)
    dice_input(bout)
    return None


def given_turns(bout: Mapping[str, JSON]) -> list[JSON]:
    turns = bout.get("turns")
    if turns is None:
        return []
    if not isinstance(turns, list):
        raise EngineInputError("turns", "must be a list of turns")
    return turns


def read_orders(ruleset: Ruleset, state: Any, given: Mapping[str, JSON]) -> dict[str, Any]:
    """A step's given orders (JSON, by name) as the rule set's typed orders: each read once,
    by read_order, where it comes in. EngineInputError in words for one that cannot be read."""
    return {who: ruleset.read_order(state, who, order) for who, order in given.items()}


def step_orders(ruleset: Ruleset, state: Any, raw: JSON, index: int, fill: bool) -> dict[str, Any]:
    """Turn `index`'s orders, typed: the given ones (by name) read once, and the tactics'
    order for anyone pending and absent when `fill`. A name the step does not wait for is the
    rule set's to refuse, in read_order or apply."""
    if raw is None:
        orders: dict[str, Any] = {}
    elif isinstance(raw, dict):
        orders = read_orders(ruleset, state, raw)
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
    of the state than the driver writes (without reading the bout's input a second time).
    Each given order's JSON is read once (read_order); absent ones are the tactics' typed
    orders, so apply never reads JSON the driver wrote."""
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
    dice = bout_dice(ruleset, bout)
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


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Add a rule set to the registry under its slug (once)."""
    if not issubclass(cls, Ruleset):
        raise TypeError(f"{cls.__name__} must subclass arena.engine.core.ruleset.Ruleset")
    if cls.slug in RULESETS and RULESETS[cls.slug] is not cls:
        raise ValueError(f"rule set slug {cls.slug!r} is registered twice")
    RULESETS[cls.slug] = cls
    return cls
