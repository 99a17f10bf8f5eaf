"""GladiatorQuest's events as the log writes them: their kind, their line of text, then their
fields in order, as plain JSON (dice as lists, an enum as its value)."""

from __future__ import annotations

import json

import pytest

from arena.engine.core.events import field_names
from arena.engine.rulesets.gladiatorquest import events
from arena.engine.rulesets.gladiatorquest.events import Attacked, Bump, Bumped, QuestEvent

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


def event_classes() -> list[type[QuestEvent]]:
    found = [
        value
        for value in vars(events).values()
        if isinstance(value, type) and issubclass(value, QuestEvent) and value is not QuestEvent
    ]
    assert len(found) >= 15
    return found


def test_to_dict_is_plain_json_in_field_order() -> None:
    bump = Bumped("Brutus", "C3", Bump.CONTESTED, 2).to_dict()
    assert list(bump) == ["type", "text", "name", "wanted", "reason", "points_left"]
    # A word is held as its StrEnum member, which is a str: JSON writes it as the word.
    assert bump["reason"] == "contested" and '"reason": "contested"' in json.dumps(bump)
    blow = Attacked("Brutus", "Nox", "swing", "broadsword", ("skull",), 1, (), 0, ("shield",), 0,
                    1, 3).to_dict()  # fmt: skip
    assert blow["attack_dice"] == ["skull"] and blow["parry_dice"] == []
    assert json.loads(json.dumps(blow)) == blow


@pytest.mark.parametrize("cls", event_classes(), ids=lambda cls: cls.__name__)
def test_every_event_writes_its_fields_as_plain_json(cls: type) -> None:
    names = field_names(cls)
    kinds = [cls.__annotations__[name] for name in names]  # as written (postponed annotations)
    for which in (0, 1):
        event = cls(*(SAMPLES[kind][which] for kind in kinds))
        entry = event.to_dict()
        assert list(entry) == ["type", "text", *names]
        assert entry["text"] == event.text()
        assert json.loads(json.dumps(entry)) == entry
        assert all(type(entry[name]) in (list, int, type(None)) for name in cls.rolls)
