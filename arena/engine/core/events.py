"""Events: typed, frozen records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
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
        plan = _PLANS.get(type(self)) or _make_plan(type(self))
        out: dict[str, Any] = {"type": self.kind, "text": self.text()}
        out.update(zip(plan.names, plan.values(self), strict=True))
        for name in plan.converted:
            out[name] = plain(out[name])
        return out


# Field annotations whose values are JSON-able as they stand (events are built by the rule sets
# with exactly these types); any other field goes through plain().
_SCALAR_ANNOTATIONS = frozenset(
    ("str", "int", "bool", "float", "None", "str | None", "int | None", str, int, bool, float)
)


class _Plan:
    """How one event class becomes a dict, worked out once per class: its field names in
    order, one C-level getter for all their values, and the fields that need plain()."""

    __slots__ = ("converted", "names", "values")

    def __init__(self, cls: type) -> None:
        fields = dataclasses.fields(cls)
        self.names = tuple(f.name for f in fields)
        self.converted = tuple(f.name for f in fields if f.type not in _SCALAR_ANNOTATIONS)
        if len(self.names) == 1:
            one = operator.attrgetter(self.names[0])
            self.values: Callable[[Any], tuple[Any, ...]] = lambda event: (one(event),)
        elif self.names:
            self.values = operator.attrgetter(*self.names)
        else:
            self.values = lambda event: ()


_PLANS: dict[type, _Plan] = {}


def _make_plan(cls: type) -> _Plan:
    plan = _PLANS[cls] = _Plan(cls)
    return plan
