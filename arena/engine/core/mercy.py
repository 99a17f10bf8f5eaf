"""Mercy by house rule: how a rule set's appeal for mercy is decided.

A rule set with an appeal (GladiatorQuest's appeal to the Emperor, VI.B) decides it by its own
dice. A campaign may decide otherwise: always spare, always kill, or a thumbs vote of people
watching. The rule travels in the bout's input under the top-level key "mercy", the same for
every rule set:

    {"rule": "dice" | "spare" | "kill" | "vote",
     "verdicts": {"<appeal>": {"verdict": "spare" | "kill" | "dice", "up": [...], "down": [...]}}}

At an appeal the rule set asks `Mercy.decide(appeal, name)`. Under "vote", an appeal with no
verdict in the input stops the fight with VerdictNeeded: the caller collects the vote, adds the
verdict to the input and fights the bout again from the start. The engine is deterministic, so
it reaches the same appeal and reads the verdict; the stored input, with every verdict, replays
the bout byte for byte. A "dice" verdict (nobody voted, or a tie) rolls the rule set's dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from arena.engine.core.events import Event
from arena.engine.errors import EngineInputError

RULES = ("dice", "spare", "kill", "vote")
VERDICTS = ("spare", "kill", "dice")
VOTERS_MAX = 500  # names listed per side of one vote: far beyond any campaign's crowd


@dataclass(frozen=True, slots=True)
class Verdict:
    """How one appeal was decided: spared, killed, or left to the rule set's dice."""

    verdict: str
    up: tuple[str, ...] = ()  # who voted thumbs up (spare)
    down: tuple[str, ...] = ()  # who voted thumbs down (kill)


class VerdictNeeded(Exception):
    """The bout waits for the verdict on this appeal (rule "vote" and none given yet)."""

    def __init__(self, appeal: str, name: str) -> None:
        super().__init__(f"{name} appeals for mercy; the bout waits for the verdict ({appeal})")
        self.appeal = appeal
        self.name = name


@dataclass(frozen=True, slots=True)
class Mercy:
    rule: str = "dice"
    verdicts: tuple[tuple[str, Verdict], ...] = ()  # (appeal, verdict), hashable

    def decide(self, appeal: str, name: str) -> Verdict | None:
        """The verdict on this appeal, or None when the rule set's dice decide it. `appeal` is
        unique within the bout (e.g. "turn 12: Brutus")."""
        if self.rule == "dice":
            return None
        if self.rule in ("spare", "kill"):
            return Verdict(self.rule)
        found = dict(self.verdicts).get(appeal)
        if found is None:
            raise VerdictNeeded(appeal, name)
        return found


@dataclass(frozen=True, slots=True)
class MercyDecided(Event):
    """An appeal decided by the campaign's house rule instead of (or before) the dice."""

    kind: ClassVar[str] = "mercy_verdict"
    name: str
    rule: str  # "spare", "kill" (the house rule) or "vote"
    verdict: str  # "spare", "kill" or "dice"
    up: tuple[str, ...] = ()
    down: tuple[str, ...] = ()

    def text(self) -> str:
        outcome = {
            "spare": "spared",
            "kill": "condemned",
            "dice": "left to the dice",
        }[self.verdict]
        if self.rule != "vote":
            return f"{self.name} appeals for mercy; by the house rule he is {outcome}"
        ups = ", ".join(self.up) or "nobody"
        downs = ", ".join(self.down) or "nobody"
        return (
            f"{self.name} appeals for mercy; the vote: thumbs up from {ups}, thumbs down from "
            f"{downs}: {outcome}"
        )


def mercy_read(raw: Any) -> Mercy:
    """The "mercy" of a bout's input, checked (EngineInputError naming the field)."""
    if raw is None:
        return Mercy()
    if not isinstance(raw, Mapping):
        raise EngineInputError("mercy", "must be an object with a rule")
    rule = raw.get("rule", "dice")
    if rule not in RULES:
        raise EngineInputError("mercy.rule", f"must be one of {', '.join(RULES)}")
    given = raw.get("verdicts", {})
    if not isinstance(given, Mapping):
        raise EngineInputError("mercy.verdicts", "must be an object: appeal -> verdict")
    verdicts = []
    for appeal, entry in sorted(given.items()):
        where = f"mercy.verdicts[{appeal!r}]"
        if not isinstance(entry, Mapping) or entry.get("verdict") not in VERDICTS:
            raise EngineInputError(where, f"needs a verdict: one of {', '.join(VERDICTS)}")
        sides = []
        for side in ("up", "down"):
            names = entry.get(side, [])
            if not (
                isinstance(names, list)
                and len(names) <= VOTERS_MAX
                and all(isinstance(n, str) for n in names)
            ):
                raise EngineInputError(f"{where}.{side}", "must be a list of names")
            sides.append(tuple(names))
        verdicts.append((str(appeal), Verdict(entry["verdict"], *sides)))
    return Mercy(rule, tuple(verdicts))


def mercy_json(mercy: Mercy) -> dict[str, Any]:
    return {
        "rule": mercy.rule,
        "verdicts": {
            appeal: {"verdict": v.verdict, "up": list(v.up), "down": list(v.down)}
            for appeal, v in mercy.verdicts
        },
    }
