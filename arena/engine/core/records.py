"""Frozen records: the base of the records a bout's state is made of.

A turn never changes the state it is given (core/turn.py): each change makes a new record,
and a bout makes them by the thousand (a GladiatorQuest duel about 100 copies a bout). A
`Frozen` record is a msgspec struct: made, copied with changes (`replace`) and compared in
C, where a NamedTuple's `_replace` runs in Python and a frozen dataclass sets each field
through `object.__setattr__` (figures: bench/README.md).

    class Effects(Frozen):  # frozen, as every subclass of Frozen
        courage: int = 0
        asleep: bool = False

    replace(effects, asleep=True)  # a new record; `effects` is unchanged

Fields are read by name; a record is neither a tuple nor unpacked. It is hashable when its
fields are, and equal to another of its class with equal fields.
"""

from __future__ import annotations

import msgspec

# The one copy of a record with some fields changed, as `dataclasses.replace` is for a
# dataclass (and `copy.replace` for both from Python 3.13): msgspec's own, called directly.
replace = msgspec.structs.replace


class Frozen(msgspec.Struct, frozen=True):
    """A record that no one changes once made: `replace(record, **changes)` gives a new one."""
