"""A turn's changes, put into the frozen state once.

A team's turn (its level, each activation's move and ability, the end of the turn and the
start of the next) changes a few characters, often the same one several times (the user's
cooldown, the target's health and then its fire or poison). Rather than a copy of the `State`
for each rule, the rules of one turn write the characters they change into a `Changes` table,
by name, and read the board through it as it now stands; `applied()` puts them all into the
state with one copy. The state the turn began from is never changed: frozen state in,
(state, events) out (docs/decisions/0102-elders-1-5-fewer-squares-and-one-copy.md).

What belongs to the whole bout rather than to a character (the flags, the captures, the end)
changes rarely (a flag taken, a death): `evolve` takes a new base state for it.
"""

from __future__ import annotations

from typing import Any

from arena.engine.core.records import replace
from arena.engine.rulesets.arena_of_the_elders.arena import Arena
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, Flag, Options, State


class Changes:
    """The characters as they now stand, by name, over `state`; reads as the board now
    stands."""

    __slots__ = ("_fighters", "arena", "changed", "now", "options", "state")

    def __init__(self, state: State) -> None:
        self.state = state  # the bout-wide fields as they now stand; the characters as begun
        # Every character as it now is, in the state's order (a changed one keeps its place).
        self.now: dict[str, Fighter] = {f.name: f for f in state.fighters}
        self.changed = False
        self._fighters: tuple[Fighter, ...] | None = state.fighters  # None: to be built
        # The bout's options and map: no rule changes them.
        self.options: Options = state.options
        self.arena: Arena = state.arena

    # The board as it now stands: what the rules, the moves and the combat read.

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
        """Every character as it now is, in the state's order (built once after each change,
        when first asked)."""
        if self._fighters is None:
            self._fighters = tuple(self.now.values())
        return self._fighters

    def fighter(self, name: str) -> Fighter:
        """The character of this name as it now is (it must be in the bout)."""
        return self.now[name]

    def get(self, name: str) -> Fighter | None:
        return self.now.get(name)

    def team(self, team: int) -> tuple[Fighter, ...]:
        return tuple([f for f in self.fighters if f.team == team])

    # Writing.

    def put(self, f: Fighter) -> None:
        """`f` in place of the character of its name."""
        self.now[f.name] = f
        self.changed = True
        self._fighters = None

    def put_changed(self, name: str, **changes: Any) -> None:
        self.put(replace(self.now[name], **changes))

    def evolve(self, **fields: Any) -> None:
        """Bout-wide fields changed (not `fighters`: those go through `put`)."""
        self.state = replace(self.state, **fields)

    def applied(self) -> State:
        """The state with every change in it: one copy (none when nothing changed)."""
        if not self.changed:
            return self.state
        return replace(self.state, fighters=self.fighters)


Board = State | Changes  # what the board's questions (moves, combat, flag) read
