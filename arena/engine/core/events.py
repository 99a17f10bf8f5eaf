"""Events: typed, frozen records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, ClassVar

_SCALARS = frozenset((str, int, float, bool, type(None)))


def plain(value: Any) -> Any:
    """Turn a field value into JSON-able data (enums -> value, tuples -> lists, ...)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        # The common case on the hot path: dice and names, a flat sequence of scalars.
        return [v if type(v) in _SCALARS else plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base class. Subclasses set `kind` and implement `text()`."""

    kind: ClassVar[str] = "event"

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "text": self.text()}
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            value = getattr(self, name)
            out[name] = value if type(value) in _SCALARS else plain(value)
        return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
