"""Frozen records: the base of the records a bout's state is made of.

A turn never changes the state it is given (core/turn.py): each change makes a new record,
and a bout makes them by the thousand (a GladiatorQuest duel about 70 new gladiators and
states a bout). A `Frozen` record is a msgspec struct: made, copied with changes
(`replace`) and compared in C, where a NamedTuple's `_replace` runs in Python and a frozen
dataclass sets each field through `object.__setattr__` (figures: bench/README.md).

    class Effects(Frozen):  # frozen, as every subclass of Frozen
        courage: int = 0
        asleep: bool = False

    effects.replace(asleep=True)  # a new record; `effects` is unchanged

Fields are read by name; a record is neither a tuple nor unpacked. It is hashable when its
fields are, and equal to another of its class with equal fields.
"""

from __future__ import annotations

from typing import Any, Self

import msgspec


class Frozen(msgspec.Struct, frozen=True):
    """A record that no one changes once made: `replace` gives a new one."""

    def replace(self, **changes: Any) -> Self:
        """This record with the named fields changed (a new record)."""
        return msgspec.structs.replace(self, **changes)
