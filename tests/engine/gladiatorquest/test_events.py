"""GladiatorQuest's events name the fields to_dict must turn into JSON (`structured`): a class
that left one out would log a tuple or an enum member where the log holds a list or a string."""

from __future__ import annotations

import dataclasses
import json

from arena.engine.rulesets.gladiatorquest import events
from arena.engine.rulesets.gladiatorquest.events import Attacked, Bump, Bumped, QuestEvent

SCALARS = {"str", "int", "bool", "float", "str | None", "int | None", "bool | None"}


def event_classes() -> list[type[QuestEvent]]:
    found = [
        value
        for value in vars(events).values()
        if isinstance(value, type) and issubclass(value, QuestEvent) and value is not QuestEvent
    ]
    assert len(found) >= 15
    return found


def test_every_field_that_is_no_json_scalar_is_structured() -> None:
    for cls in event_classes():
        needs = {f.name for f in dataclasses.fields(cls) if f.type not in SCALARS}
        assert needs == set(cls.structured), cls.__name__


def test_to_dict_is_plain_json_in_field_order() -> None:
    bump = Bumped("Brutus", "C3", Bump.CONTESTED, 2).to_dict()
    assert list(bump) == ["type", "text", "name", "wanted", "reason", "points_left"]
    assert type(bump["reason"]) is str and bump["reason"] == "contested"
    blow = Attacked("Brutus", "Nox", "swing", "broadsword", ("skull",), 1, (), 0, ("shield",), 0,
                    1, 3).to_dict()  # fmt: skip
    assert blow["attack_dice"] == ["skull"] and blow["parry_dice"] == []
    assert json.loads(json.dumps(blow)) == blow
