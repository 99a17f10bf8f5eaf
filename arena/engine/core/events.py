"""Events: typed records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.

Every turn of every bout turns its events into dicts for the log, so how a value becomes JSON
is worked out once per type (`converter`) and how an event is laid out once per class
(`field_names`): writing an event is then a look-up per field, not a chain of isinstance tests.

A rule set whose bouts tell events by the thousand can instead make each event its own log
record (`EventRecord`): the dict is built where the event happens, with its sentence, and the
log takes it as it is; nothing is converted afterwards.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from enum import Enum
from types import ModuleType
from typing import Any, ClassVar

import msgspec

_JSON_SCALARS = frozenset((str, int, float, bool, type(None)))

Converter = Callable[[Any], Any]


def plain(value: Any) -> Any:
    """Turn a field value into JSON-able data (enums -> value, tuples -> lists, ...)."""
    convert = converter(type(value))
    return value if convert is None else convert(value)


@functools.cache
def converter(kind: type) -> Converter | None:
    """How a value of this type becomes JSON-able data; None: it already is. Worked out once
    per type: a subclass is tested in the same order as a value would be (a StrEnum is a str
    before it is an Enum, an IntEnum an Enum before it is an int)."""
    if kind in _JSON_SCALARS:
        return None
    if kind is tuple or kind is list:
        return _sequence
    if issubclass(kind, str):  # a StrEnum member: its value
        return str
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, (int, float)):
        return None
    if issubclass(kind, (list, tuple)):
        return _sequence
    if issubclass(kind, dict):
        return _mapping
    if dataclasses.is_dataclass(kind):
        return _record(field_names(kind))
    return str


def _sequence(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    # Mostly dice and names: scalars that stay as they are.
    return [v if type(v) in _JSON_SCALARS else plain(v) for v in value]


def _mapping(value: dict[Any, Any]) -> dict[str, Any]:
    return {str(k): plain(v) for k, v in value.items()}


def _enum_value(value: Enum) -> Any:
    return value.value


def _record(names: tuple[str, ...]) -> Converter:
    """A dataclass value (not an event): its fields by name, each made plain."""

    def convert(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in names:
            field = getattr(value, name)
            out[name] = field if type(field) in _JSON_SCALARS else plain(field)
        return out

    return convert


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
    """A dataclass's or a msgspec struct's (a `Frozen` record's) field names in order (events
    are turned into dicts by the hundred)."""
    if issubclass(cls, msgspec.Struct):
        return cls.__struct_fields__
    return tuple(f.name for f in dataclasses.fields(cls))


class Fields(dict[str, Any]):
    """A plain dict of JSON values whose keys also read as attributes (`hit.name`): what the
    log writes, and what code and tests read, are one object."""

    __slots__ = ()

    def __getattr__(self, field: str) -> Any:
        try:
            return self[field]
        except KeyError:
            raise AttributeError(field) from None


class EventRecord(Fields, Event):
    """An event that is its own log record: {"type": kind, "text": sentence, ...fields}, made
    once where the event happens (each subclass's `of`, which writes the sentence), and
    written to the log as it is. Never changed once made. A field holds a JSON value as the
    log writes it: a StrEnum member stays the member (a str, which JSON writes as its word),
    a fraction is its string. `remade(...)` is the same event with some fields changed (the
    forum's escaped names), its sentence written again."""

    __slots__ = ()

    @classmethod
    def of(cls, *args: Any, **fields: Any) -> EventRecord:  # pragma: no cover - overridden
        raise NotImplementedError

    def text(self) -> str:
        return self["text"]

    def to_dict(self) -> dict[str, Any]:
        return self

    def remade(self, **changes: Any) -> EventRecord:
        fields = {k: v for k, v in self.items() if k != "type" and k != "text"}
        return type(self).of(**(fields | changes))
