"""Standings ("Winning the Game"): the last counter on the board first; counters destroyed in
the same round by initiative, the higher first; equal initiative shares a place (a tie)."""

from __future__ import annotations

from arena.engine.core.protocol import Column, Fate, Standing
from arena.engine.rulesets.sudden_destruction.data import SHORT
from arena.engine.rulesets.sudden_destruction.state import Machine, State

COLUMNS = (
    Column("destroyed", "Destroyed", "opponents its shots destroyed"),
    Column("destroyed_in", "Destroyed in round", "empty: still on the board"),
    Column("hp", "HP left", "hit points less damage, at the end or when destroyed"),
    Column("damage", "Damage taken", "after repairs"),
    Column("tech", "Tech levels", "at the end of the bout"),
    Column("gained", "Levels gained", "by tech rolls in this bout"),
)
PLACING = (
    "The last counter on the board wins. Counters destroyed in the same round are placed by "
    "initiative, the highest first; equal initiative is a tie, as is the round limit for "
    "those still on the board. A counter destroyed later places above one destroyed earlier."
)


def _key(m: Machine) -> tuple[int, int, int]:
    if m.alive:
        return (0, 0, 0)
    return (1, -m.destroyed_in, -m.levels.initiative)


def tech_line(m: Machine) -> str:
    lv = m.levels
    parts = [f"{SHORT[a]} {lv.get(a)}" for a in ("hit_points", "accuracy")]
    parts.append(f"FP {lv.min_fire}-{lv.max_fire}")
    parts += [f"{SHORT[a]} {lv.get(a)}" for a in ("firing_rate", "range", "movement")]
    parts += [f"{SHORT[a]} {lv.get(a)}" for a in ("repair", "initiative")]
    return ", ".join(parts)


def placed(state: State) -> list[tuple[int, Machine]]:
    ranked = sorted(state.machines, key=lambda m: (_key(m), m.seat))
    out, place = [], 0
    for i, m in enumerate(ranked):
        if i == 0 or _key(m) != _key(ranked[i - 1]):
            place = i + 1
        out.append((place, m))
    return out


def standings(state: State) -> list[Standing]:
    kills: dict[str, int] = {}
    for m in state.machines:
        for by in m.destroyed_by:
            kills[by] = kills.get(by, 0) + 1
    return [
        Standing(
            name=m.name,
            side=m.name,
            place=place,
            fate=Fate.FIGHTING if m.alive else Fate.DEAD,
            score=m.hp_left,
            extra={
                "destroyed": kills.get(m.name, 0),
                "destroyed_in": m.destroyed_in or None,
                "hp": m.hp_left,
                "damage": m.damage,
                "tech": tech_line(m),
                "gained": m.gained,
                "levels": m.levels.to_json(),
                "armour_used": m.plates_used,
            },
        )
        for place, m in placed(state)
    ]
