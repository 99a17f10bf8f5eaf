"""The bout report: a resolved bout told blow by blow, in plain sentences, from its stored log.

Each sentence is an event's own text (the rule set's `text()`, stored in the log), grouped by
turn (in the rule set's own step word: "Round 3"), then by phase and tick as the replay groups
them (replay.event_sections). The dice of an event come from the fields its rule set names in
`dice_fields` (core.events.Event.rolls), so every die thrown is listed beside its sentence.
Only the log's events are read: never the orders or the tactics of the engine input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arena.bouts.replay import event_sections
from arena.gateway import TURN, Ruleset, StepWord


@dataclass(frozen=True, slots=True)
class Die:
    """One field of dice: its name in words ("damage roll") and the faces thrown ("3, 5")."""

    label: str
    faces: str


@dataclass(frozen=True, slots=True)
class Sentence:
    kind: str
    text: str
    dice: tuple[Die, ...]

    @property
    def dice_words(self) -> str:
        """'roll 4; damage roll 3', for a title or a line under the sentence; a lone field
        named "dice" reads as its faces ("3, 5")."""
        if len(self.dice) == 1 and self.dice[0].label == "dice":
            return self.dice[0].faces
        return "; ".join(f"{d.label} {d.faces}" for d in self.dice)


@dataclass(frozen=True, slots=True)
class Passage:
    """A phase of a turn (title "" where the rule set has none), its sentences by tick."""

    title: str
    ticks: tuple[tuple[int | None, tuple[Sentence, ...]], ...]


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    heading: str  # "Round 3", "Turn 2 · movement"
    passages: tuple[Passage, ...]


def as_sentence(text: str) -> str:
    """A log line as a sentence: a capital first letter and a full stop at the end (some rule
    sets write their lines without one)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _faces(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _thrown(value: Any) -> bool:
    """A field holds a throw unless it is empty: None or [] (none was needed), 0 (a rule set
    that writes 0 for "no roll"; no die shows 0)."""
    return value not in (None, 0, "") and value != []


def sentence(event: Mapping[str, Any], dice_fields: Mapping[str, tuple[str, ...]]) -> Sentence:
    kind = str(event.get("type", ""))
    dice = tuple(
        Die(label=field.replace("_", " "), faces=_faces(event[field]))
        for field in dice_fields.get(kind, ())
        if _thrown(event.get(field))
    )
    return Sentence(kind=kind, text=as_sentence(str(event.get("text") or kind)), dice=dice)


def bout_report(log: Mapping[str, Any] | None, rules: Ruleset | None) -> list[Step]:
    """Every turn of a log as a step of the report; [] for a bout without turns. `rules` is
    the rule set (its `dice_fields` and `step_word`); None (a rule set this engine no longer
    has) reads the events without dice."""
    dice_fields = rules.dice_fields if rules is not None else {}
    step = rules.step_word if rules is not None else TURN
    steps = []
    for n, turn in enumerate((log or {}).get("turns", []), start=1):
        number = int(turn.get("turn") or n)
        phase = str(turn.get("phase") or "")
        # A phase that only repeats the step's word ("round", "turn") is left out.
        named = phase and phase not in (step.one, "turn")
        heading = f"{step.title} {number}" + (f" · {phase}" if named else "")
        passages = tuple(
            Passage(
                title=as_sentence(section["title"]) if section["title"] else "",
                ticks=tuple(
                    (group["tick"], tuple(sentence(e, dice_fields) for e in group["events"]))
                    for group in section["groups"]
                ),
            )
            for section in event_sections(turn.get("events", []))
        )
        steps.append(Step(number=number, heading=heading, passages=passages))
    return steps


def report_text(steps: list[Step], step: StepWord) -> str:
    """The report as plain text: what the golden files under tests/ hold, so that a change of
    any rule set's words shows as a readable diff."""
    lines = [f"The fight, blow by blow ({len(steps)} {step.one if len(steps) == 1 else step.many})"]
    for s in steps:
        lines += ["", s.heading]
        for passage in s.passages:
            if passage.title:
                lines.append(f"  {passage.title}")
            for tick, sentences in passage.ticks:
                if tick is not None:
                    lines.append(f"    Tick {tick}")
                for one in sentences:
                    lines.append(f"    - {one.text}")
                    if one.dice:
                        lines.append(f"      dice: {one.dice_words}")
                if not sentences:
                    lines.append("    - Nothing happened.")
    return "\n".join(lines) + "\n"
