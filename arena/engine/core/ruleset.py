"""The Ruleset protocol, the registry of rule sets, and the turn record every rule set emits.

Turn structure shared by all rule sets: a bout is a sequence of *turns*; each turn has a number,
a *phase* name chosen by the rule set ("movement", "combat", "tech", "actions", "repair", a
team's name for alternating turns ...), the *orders* that drove it (simultaneous secret orders
are collected first and resolved together; for alternating or initiative turns the rule set
asks for the orders of whoever acts in that turn), the events it produced, and a snapshot of
every combatant afterwards. `pending()` tells the caller whose orders the next turn needs, so a
play-by-web bout can be resolved one turn at a time, or a whole bout at once with default
tactics filling in for everyone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from arena.engine.core.events import Event, fast_frozen_init


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One resolved turn: what happened and how everything stands afterwards."""

    turn: int
    phase: str
    events: tuple[Event, ...]
    snapshot: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": self.turn,
            "phase": self.phase,
            "events": [e.to_dict() for e in self.events],
        }
        out.update(self.snapshot)
        if self.extra:
            out.update(self.extra)
        return out


fast_frozen_init(TurnRecord)  # one per turn of every bout


class Ruleset(Protocol):
    """What a registered rule set provides: `play` (a whole bout, JSON in and out) always; the
    turn protocol (core/protocol.py) for everything turn by turn; `campaign` (a
    core.campaign.CampaignAdapter, or None) to be offered for campaigns; `web` (a
    core.campaign.WebPlay, or None) to be played by web, turn by turn."""

    slug: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    campaign: Any
    web: Any

    # Optional: what its rules call one step of a bout ("round"); read through step_word_of.
    # Optional: `dice_fields`, each event kind -> the fields holding its dice (built by
    # core.events.rolls_by_kind from the events module), for the bout report.

    def play(self, bout: dict[str, Any]) -> dict[str, Any]:
        """Plain JSON-able bout in (setup, seed or scripted dice, optional orders per turn),
        plain JSON-able log out. Raises EngineInputError for bad input."""
        ...


RULESETS: dict[str, type[Ruleset]] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Add a rule set to the registry under its slug (once)."""
    if cls.slug in RULESETS and RULESETS[cls.slug] is not cls:
        raise ValueError(f"rule set slug {cls.slug!r} is registered twice")
    RULESETS[cls.slug] = cls
    return cls


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


DEFAULT_STEP_WORD = "turn"


def step_word_of(rules: Any) -> StepWord:
    """The rule set's optional `step_word` ("round" in Sudden Destruction, whose rules play in
    rounds); "turn" without it. The plural adds an "s", true of every word in use."""
    word = getattr(rules, "step_word", None) or DEFAULT_STEP_WORD
    return StepWord(one=word, many=f"{word}s")
