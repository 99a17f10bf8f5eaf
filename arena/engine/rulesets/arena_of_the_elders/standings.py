"""Standings: the winning team's characters first, then by level, kills and fewest deaths."""

from __future__ import annotations

from typing import Any

from arena.engine.core.protocol import Column, Fate, Standing
from arena.engine.rulesets.arena_of_the_elders.state import DRAW, TEAMS, State

COLUMNS = (
    Column("team", "Team"),
    Column("champion", "Champion"),
    Column("level", "Level"),
    Column("kills", "Kills"),
    Column("deaths", "Deaths"),
    Column("captures", "Captures", "flags brought home (capture the flag)"),
    Column("hp", "Health"),
)
PLACING = (
    "The winning team's characters share first place, the other team's second (a draw: all "
    "first); within a team, by level, kills, then fewest deaths."
)


def standings(state: State) -> list[Standing]:
    def place_of(team: int) -> int:
        if state.winner in (0, 1):
            return 1 if team == state.winner else 2
        return 1

    ranked = sorted(
        state.fighters,
        key=lambda f: (place_of(f.team), -f.level, -f.kills, f.deaths, f.team, f.seat),
    )
    out = []
    for f in ranked:
        extra: dict[str, Any] = {
            "team": TEAMS[f.team],
            "champion": f.hero.name,
            "level": f.level,
            "kills": f.kills,
            "deaths": f.deaths,
            "captures": f.captures,
            "hp": f.hp,
        }
        out.append(
            Standing(
                f.name,
                TEAMS[f.team],
                place_of(f.team),
                Fate.FIGHTING if f.alive else Fate.DEFEATED,
                score=f.level,
                extra=extra,
            )
        )
    return out


def winner_name(state: State) -> str:
    if state.winner in (0, 1):
        return TEAMS[state.winner]
    return "draw" if state.winner == DRAW else ""
