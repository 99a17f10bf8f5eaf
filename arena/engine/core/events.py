"""Events: typed records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.

Every turn of every bout turns its events into dicts for the log, so what each field needs
is read from the event class's annotations once (`layout`): a field of a JSON scalar
or a word (a StrEnum member is a str, which JSON writes as its word) is taken as it is, a
flat tuple of dice or names becomes one list, anything else is made plain (`plain`: how a
value becomes JSON is worked out once per type, `converter`). A `Frozen` event's fields are
read in one call (`msgspec.structs.asdict`, in C).

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
import msgspec.inspect

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
    if dataclasses.is_dataclass(kind) or issubclass(kind, msgspec.Struct):
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
    """A record's value (a dataclass, a msgspec struct; not an event): its fields by name,
    each made plain."""

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
        read, writers = layout(type(self))
        out: dict[str, Any] = {"type": self.kind, "text": self.text()}
        out.update(read(self))
        for name, write in writers:
            value = out[name]
            if value is not None:
                out[name] = write(value)
        return out


def rolls_by_kind(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """The event kinds of a rule set's events module that roll dice, each with the fields
    holding them: what a rule set gives as its `dice_fields`, for reading stored logs."""
    return {
        cls.kind: cls.rolls
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, Event) and cls.rolls
    }


Layout = tuple[Converter, tuple[tuple[str, Converter], ...]]
_LAYOUTS: dict[type, Layout] = {}


def layout(cls: type) -> Layout:
    """How an event class is written, worked out on its first event: how its fields are read
    (a msgspec struct's in one call in C, a dataclass's one by one), and the fields that JSON
    cannot take as they are, each with what makes it plain, from the class's annotations. A
    field that may be None is written only when it is not. (A plain dict, not
    functools.cache, which makes a key tuple for every call with a class.)"""
    found = _LAYOUTS.get(cls)
    if found is None:
        found = _LAYOUTS[cls] = (_field_reader(cls), _field_writers(cls))
    return found


def _field_reader(cls: type) -> Converter:
    if issubclass(cls, msgspec.Struct):
        return msgspec.structs.asdict
    names = field_names(cls)
    return lambda event: {name: getattr(event, name) for name in names}


def _field_writers(cls: type) -> tuple[tuple[str, Converter], ...]:
    writers = []
    for field in msgspec.inspect.type_info(cls).fields:
        write = _writer(field.type)
        if write is not None:
            writers.append((field.name, write))
    return tuple(writers)


def _writer(kind: msgspec.inspect.Type) -> Converter | None:
    """What a field of this annotation needs: None (a JSON scalar or a word), `list` (a flat
    tuple of scalars or words), or `plain` (anything else, worked out by the value's type)."""
    if _as_is(kind):
        return None
    if isinstance(kind, msgspec.inspect.VarTupleType) and _as_is(kind.item_type):
        return list
    return plain


def _as_is(kind: msgspec.inspect.Type) -> bool:
    inspect = msgspec.inspect
    if isinstance(kind, inspect.UnionType):
        return all(_as_is(member) for member in kind.types)
    if isinstance(kind, inspect.EnumType):
        return issubclass(kind.cls, str)
    return isinstance(
        kind,
        (inspect.StrType, inspect.IntType, inspect.FloatType, inspect.BoolType, inspect.NoneType),
    )


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
