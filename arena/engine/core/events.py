"""Events: typed records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.
"""

from __future__ import annotations

import dataclasses
import functools
from enum import Enum
from types import ModuleType
from typing import Any, ClassVar

_JSON_SCALARS = frozenset((str, int, float, bool, type(None)))


def plain(value: Any) -> Any:
    """Turn a field value into JSON-able data (enums -> value, tuples -> lists, ...)."""
    kind = type(value)
    if kind in _JSON_SCALARS:
        return value
    if kind is tuple or kind is list:  # mostly dice and names: scalars that stay as they are
        return [v if type(v) in _JSON_SCALARS else plain(v) for v in value]
    if isinstance(value, str):  # a StrEnum member: its value
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)


class Event:
    """Base class of every rule set's events: a dataclass that sets `kind` and implements
    `text()`. The base is no dataclass itself, so that each rule set chooses: frozen records,
    or (where a bout makes hundreds) plain slotted ones that nothing changes once made. A
    frozen dataclass sets every field through object.__setattr__, which costs about four times
    as much as building a plain one."""

    __slots__ = ()
    kind: ClassVar[str] = "event"
    # The fields holding the dice as rolled, in the order they were thrown: the bout report
    # (arena/bouts/report.py) lists them beside the event's sentence.
    rolls: ClassVar[tuple[str, ...]] = ()

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "text": self.text()}
        for name in field_names(type(self)):
            value = getattr(self, name)
            out[name] = value if type(value) in _JSON_SCALARS else plain(value)
        return out


def rolls_by_kind(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """The event kinds of a rule set's events module that roll dice, each with the fields
    holding them: what a rule set gives as its `dice_fields`, for reading stored logs."""
    return {
        cls.kind: cls.rolls
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, Event) and cls.rolls
    }


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names in order (events are turned into dicts by the hundred)."""
    return tuple(f.name for f in dataclasses.fields(cls))
