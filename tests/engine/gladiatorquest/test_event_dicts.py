"""Each GladiatorQuest event writes its own log entry (`to_dict`, field by field, docs/decisions/
0040-speed-from-design.md). Every class, including those random bouts rarely make
(potions, throws, appeals), must give byte for byte what the generic Event.to_dict gives: the
same keys in the same order, the same JSON values."""

from __future__ import annotations

import dataclasses
import json

import pytest

from arena.engine.core.events import Event
from arena.engine.rulesets.gladiatorquest.events import Bump
from tests.engine.gladiatorquest.test_events import event_classes

# Two values for each field type the events use, so that both sides of a text()'s
# conditions are written (no dice and some, no target and one, hit and missed ...).
SAMPLES = {
    "str": ("Brutus", "B2"),
    "int": (0, 3),
    "bool": (False, True),
    "str | None": (None, "Nox"),
    "int | None": (None, 4),
    "tuple[int, ...]": ((), (2, 5, 1)),
    "tuple[str, ...]": ((), ("skull", "black")),
    "Bump": (Bump.WALL, Bump.CONTESTED),
    "tuple[tuple[str, str], ...]": ((("Brutus", "Nox"),), (("A", "B"), ("C", "D"))),
}


def samples(cls: type) -> list[Event]:
    fields = dataclasses.fields(cls)
    return [cls(*(SAMPLES[f.type][which] for f in fields)) for which in (0, 1)]


@pytest.mark.parametrize("cls", event_classes(), ids=lambda cls: cls.__name__)
def test_every_event_writes_what_the_generic_conversion_writes(cls: type) -> None:
    for event in samples(cls):
        own = event.to_dict()
        assert json.dumps(own) == json.dumps(Event.to_dict(event))
        assert list(own)[:2] == ["type", "text"] and own["text"] == event.text()
        assert all(type(own[name]) is list for name in cls.rolls)
