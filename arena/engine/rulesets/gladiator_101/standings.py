"""Standings: the one still standing first; at the turn limit, the larger share of its hit
points left (the loser is bested, alive); equal shares are a draw."""

from __future__ import annotations

from arena.engine.core.protocol import Column, Fate, Standing
from arena.engine.rulesets.gladiator_101.state import Fighter, State

COLUMNS = (
    Column("hp", "HP left", "hit points left over all locations"),
    Column("wounds", "Wounds", "locations at 0 hit points"),
    Column("felled_by", "Felled by", "empty: still standing"),
)
PLACING = (
    "The gladiator still standing wins: the other is killed (an edged blow) or knocked out "
    "(a blunt one). At the turn limit the larger share of hit points left wins on points; "
    "equal shares are a draw."
)


def _key(f: Fighter) -> tuple[int, float]:
    share = f.hp_total / sum(f.traits.max_hp)
    return (0 if f.fate is Fate.FIGHTING else 1, -share)


def standings(state: State) -> list[Standing]:
    ranked = sorted(state.fighters, key=lambda f: (_key(f), f.seat))
    out = []
    for i, f in enumerate(ranked):
        place = 1 if i == 0 or _key(f) == _key(ranked[0]) else 2
        out.append(
            Standing(
                name=f.name,
                side=f.name,
                place=place,
                fate=f.fate,
                score=f.hp_total,
                extra={
                    "hp": f.hp_total,
                    "wounds": sum(1 for hp in f.hp if hp == 0),
                    "felled_by": f.felled_by,
                },
            )
        )
    return out
