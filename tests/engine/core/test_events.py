"""Core's events: Event.to_dict writes {"type", "text", ...its fields in order}, JSON-able;
an EventRecord is that dict itself."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import ClassVar

import pytest

from arena.engine.core.events import Event, EventRecord, layout


class Facing(StrEnum):
    NORTH = "north"


class Level(Enum):
    HIGH = 3


@dataclass(slots=True)
class Hit:
    dice: tuple[int, ...]
    facing: Facing


@dataclass(slots=True)
class Silence(Event):
    kind: ClassVar[str] = "silence"

    def text(self) -> str:
        return "nothing happens"


@dataclass(slots=True)
class Shout(Event):
    kind: ClassVar[str] = "shout"
    name: str

    def text(self) -> str:
        return f"{self.name} shouts"


@dataclass(slots=True)
class Blow(Event):
    kind: ClassVar[str] = "blow"
    name: str
    facing: Facing
    level: Level
    dice: tuple[int, ...]
    hits: list[Hit]
    lost: int | None

    def text(self) -> str:
        return f"{self.name} strikes"


def test_an_event_without_fields_is_its_type_and_text() -> None:
    assert Silence().to_dict() == {"type": "silence", "text": "nothing happens"}


def test_an_event_of_one_field_writes_that_field() -> None:
    assert Shout("Brutus").to_dict() == {"type": "shout", "text": "Brutus shouts", "name": "Brutus"}


def test_fields_are_written_in_order_and_made_plain() -> None:
    blow = Blow("Nox", Facing.NORTH, Level.HIGH, (6, 1), [Hit((2,), Facing.NORTH)], None)
    out = blow.to_dict()
    assert list(out) == ["type", "text", "name", "facing", "level", "dice", "hits", "lost"]
    assert out == {
        "type": "blow",
        "text": "Nox strikes",
        "name": "Nox",
        "facing": "north",
        "level": 3,
        "dice": [6, 1],
        "hits": [{"dice": [2], "facing": "north"}],
        "lost": None,
    }
    # A StrEnum member is its word (a str): JSON writes the word; a plain enum is its value.
    assert out["facing"] is Facing.NORTH and json.dumps(out["facing"]) == '"north"'
    assert json.loads(json.dumps(out)) == out


def test_only_the_fields_json_cannot_take_as_they_are_are_converted() -> None:
    """Read from the annotations once: a plain enum, a flat tuple (one list), a list of
    records (made plain); a str, a StrEnum and an int-or-None are taken as they are."""
    read, writers = layout(Blow)
    assert [name for name, _ in writers] == ["level", "dice", "hits"]
    assert dict(writers)["dice"] is list
    assert read(Blow("A", Facing.NORTH, Level.HIGH, (1,), [], None))["dice"] == (1,)


def test_each_class_is_written_by_its_own_fields() -> None:
    # Two classes in turn, then the first again: each keeps its own layout.
    assert Shout("A").to_dict()["name"] == "A"
    assert "name" not in Silence().to_dict()
    assert Blow("B", Facing.NORTH, Level.HIGH, (), [], 2).to_dict()["lost"] == 2
    assert Shout("C").to_dict() == {"type": "shout", "text": "C shouts", "name": "C"}


class Cheer(EventRecord):
    __slots__ = ()
    kind: ClassVar[str] = "cheer"

    @classmethod
    def of(cls, name: str, loud: bool) -> Cheer:
        text = f"{name} cheers{' loudly' if loud else ''}"
        return cls(type="cheer", text=text, name=name, loud=loud)


def test_an_event_record_is_its_own_log_record_with_fields_as_attributes() -> None:
    cheer = Cheer.of("Brutus", True)
    assert cheer.to_dict() is cheer
    assert list(cheer) == ["type", "text", "name", "loud"]
    assert (cheer.name, cheer.loud, cheer.text()) == ("Brutus", True, "Brutus cheers loudly")
    assert json.loads(json.dumps(cheer)) == {
        "type": "cheer",
        "text": "Brutus cheers loudly",
        "name": "Brutus",
        "loud": True,
    }
    with pytest.raises(AttributeError):
        _ = cheer.volume


def test_an_event_record_remade_writes_its_sentence_again() -> None:
    quiet = Cheer.of("Brutus", True).remade(name="[b]Nox[/b]", loud=False)
    assert quiet == {
        "type": "cheer",
        "text": "[b]Nox[/b] cheers",
        "name": "[b]Nox[/b]",
        "loud": False,
    }
