"""Events: typed, frozen records of what happened, each able to become a plain dict.

A rule set defines its own event classes by subclassing Event. `to_dict()` gives
{"type": <kind>, "text": <one line for the log>, ...fields}, JSON-able, in field order.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
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
        cls = type(self)
        to_dict = _TO_DICT.get(cls) or _compile_to_dict(cls)
        return to_dict(self)


# Field annotations whose values are JSON-able as they stand (events are built by the rule sets
# with exactly these types), and flat tuples of such values, which only need to become lists;
# any other field goes through plain().
_SCALAR_ANNOTATIONS = frozenset(
    ("str", "int", "bool", "float", "None", "str | None", "int | None", str, int, bool, float)
)
_SCALAR_TUPLE_ANNOTATIONS = frozenset(("tuple[str, ...]", "tuple[int, ...]"))

# Event class -> its own to_dict function. Hundreds of events are turned into dicts per bout,
# so each class gets a function written for its fields (the way dataclasses writes __init__):
#     def to_dict(self):
#         if type(self) is not cls:  # a subclass: it gets its own
#             return generic_to_dict(self)
#         return {"type": self.kind, "text": self.text(), "name": self.name,
#                 "dice": plain(self.dice), ...}
# One dict display in field order: the same keys, values and order as a loop over the fields,
# at a fraction of the cost. A class that does not write its own to_dict gets the function as
# its to_dict method once it has been made (the first call goes through Event.to_dict).
_TO_DICT: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _compile_to_dict(cls: type) -> Callable[[Any], dict[str, Any]]:
    items = ["'type': self.kind", "'text': self.text()"]
    for f in dataclasses.fields(cls):
        value = f"self.{f.name}"
        if f.type in _SCALAR_TUPLE_ANNOTATIONS:
            value = f"list({value})"
        elif f.type not in _SCALAR_ANNOTATIONS:
            value = f"plain({value})"
        items.append(f"{f.name!r}: {value}")
    source = (
        "def to_dict(self):\n"
        "    if type(self) is not cls:\n"
        "        return generic_to_dict(self)\n"
        "    return {" + ", ".join(items) + "}\n"
    )
    namespace: dict[str, Any] = {"plain": plain, "cls": cls, "generic_to_dict": Event.to_dict}
    exec(source, namespace)
    to_dict = _TO_DICT[cls] = namespace["to_dict"]
    to_dict.generated_for = cls  # type: ignore[attr-defined]
    inherited = getattr(cls, "to_dict", None)
    if "to_dict" not in cls.__dict__ and (
        inherited is Event.to_dict or hasattr(inherited, "generated_for")
    ):
        cls.to_dict = to_dict  # type: ignore[attr-defined]
    return to_dict


def fast_frozen_init(cls: type) -> type:
    """Give a frozen, slotted dataclass a quicker __init__ with the same signature and effect.

    A frozen dataclass's __init__ stores each field through object.__setattr__ (its own
    __setattr__ refuses); writing through the slot descriptors directly does the same in half
    the time, which counts for records made by the hundred per bout. Fields may have defaults
    or default factories; classes with keyword-only or non-init fields, or __post_init__, are
    left alone.
    """
    fields = dataclasses.fields(cls)
    plain_fields = all(f.init and not f.kw_only for f in fields)
    slots = [inspect.getattr_static(cls, f.name, None) for f in fields]
    if (
        not plain_fields
        or hasattr(cls, "__post_init__")
        or not all(isinstance(s, types.MemberDescriptorType) for s in slots)
    ):
        return cls
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {
        f"_set_{n}": slot.__set__ for n, slot in zip(names, slots, strict=True)
    }
    params = []
    body = ""
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            # As dataclasses does it: a marker default, replaced by a fresh value per call.
            namespace["_MISSING"] = dataclasses.MISSING
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            body += f"    if {f.name} is _MISSING:\n        {f.name} = _factory_{f.name}()\n"
        elif f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
    body += "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    exec(f"def __init__(self, {', '.join(params)}):\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls
