"""One activation's changes, put into the frozen state once.

An activation (a character's move and ability) and the start and end of a team's turn change
a few characters, often the same one several times (the user's cooldown, the target's health
and then its fire or poison). Rather than a `Fighter.replace` and a copy of the `State` for
each rule, the rules of one activation write the characters they change into a `Changes`
table, by name, and read the board through it as it now stands; `applied()` puts them all into
the state with one copy. The state the activation began from is never changed: frozen state in,
(state, events) out (docs/decisions/0102-elders-1-5-fewer-squares-and-one-copy.md).

What belongs to the whole bout rather than to a character (the flags, the captures, the end)
changes rarely (a flag taken, a death): `evolve` takes a new base state for it.
"""

from __future__ import annotations

from typing import Any

from arena.engine.rulesets.arena_of_the_elders.arena import Arena
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, Flag, Options, State


class Changes:
    """The characters changed so far over `state`, by name; reads as the board now stands."""

    __slots__ = ("_fighters", "arena", "changed", "state")

    def __init__(self, state: State) -> None:
        self.state = state  # the bout-wide fields as they now stand; the characters as begun
        self.changed: dict[str, Fighter] = {}
        self._fighters: tuple[Fighter, ...] | None = state.fighters  # None: to be built
        self.arena: Arena = state.arena  # the bout's map: no rule changes it

    # The board as it now stands: what the rules, the moves and the combat read.

    @property
    def options(self) -> Options:
        return self.state.options

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def flags(self) -> tuple[Flag, Flag]:
        return self.state.flags

    @property
    def captures(self) -> tuple[int, int]:
        return self.state.captures

    @property
    def kings(self) -> tuple[str, str]:
        return self.state.kings

    @property
    def fighters(self) -> tuple[Fighter, ...]:
        """Every character, changed ones as they now are, in the state's order (built once
        after each change, when first asked)."""
        if self._fighters is None:
            changed = self.changed
            self._fighters = tuple(changed.get(f.name, f) for f in self.state.fighters)
        return self._fighters

    def fighter(self, name: str) -> Fighter:
        """The character of this name as it now is (it must be in the bout)."""
        found = self.changed.get(name)
        return found if found is not None else self.state.fighter(name)

    def get(self, name: str) -> Fighter | None:
        found = self.changed.get(name)
        return found if found is not None else self.state.get(name)

    def team(self, team: int) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.team == team)

    # Writing.

    def put(self, f: Fighter) -> None:
        """`f` in place of the character of its name."""
        self.changed[f.name] = f
        self._fighters = None

    def put_changed(self, name: str, **changes: Any) -> None:
        self.put(self.fighter(name).replace(**changes))

    def evolve(self, **fields: Any) -> None:
        """Bout-wide fields changed (not `fighters`: those go through `put`)."""
        self.state = self.state.replace(**fields)

    def applied(self) -> State:
        """The state with every change in it: one copy (none when nothing changed)."""
        if not self.changed:
            return self.state
        return self.state.replace(fighters=self.fighters)


Board = State | Changes  # what the board's questions (moves, combat, flag) read
