"""Standings (section 8 as ruled): most kills; then surviving longer (alive beats died later
beats died earlier); then HP (at removal, 0 or negative counts); then damage dealt over the
game. Gladiators equal on every count share a place (1, 2, 2, 4) and keep their setup order."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiator_arena.state import BoutState, Gladiator, RemovalCause

# How a removal reads in the standings every rule set shares: struck down or worn out by the time
# limit is death (section 8 b, c); conceding is withdrawing (8 d).
_FATES = {
    None: Fate.FIGHTING,
    RemovalCause.STRUCK: Fate.DEAD,
    RemovalCause.TIME_LIMIT: Fate.DEAD,
    RemovalCause.CONCEDED: Fate.WITHDREW,
}


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    place: int
    fate: Fate
    kills: Fraction
    hp: int
    alive: bool
    died_on_turn: int | None
    damage_dealt: int


def _key(g: Gladiator) -> tuple[Fraction, int, int, int, int]:
    survived = 1 if g.alive else 0
    turn = g.died_on_turn or 0
    return (-g.kills, -survived, -turn, -g.hp, -g.damage_dealt)


def standings(state: BoutState) -> tuple[Standing, ...]:
    ranked = sorted(state.gladiators, key=_key)  # stable: ties keep setup order
    out: list[Standing] = []
    place = 0
    previous = None
    for position, g in enumerate(ranked, start=1):
        key = _key(g)
        if key != previous:
            place = position
            previous = key
        out.append(
            Standing(
                g.name,
                place,
                _FATES[g.removal],
                g.kills,
                g.hp,
                g.alive,
                g.died_on_turn,
                g.damage_dealt,
            )
        )
    return tuple(out)
