"""Standings (section 8 as ruled): most kills; then surviving longer (alive beats died later
beats died earlier); then HP (at removal, 0 or negative counts); then damage dealt over the
game. Gladiators equal on every count share a place (1, 2, 2, 4) and keep their setup order."""

from __future__ import annotations

from fractions import Fraction
from operator import itemgetter

from arena.engine.core.protocol import Fate, Standing
from arena.engine.rulesets.gladiator_arena.state import BoutState, Gladiator, RemovalCause

# How a removal reads in the standings every rule set shares: struck down or worn out by the time
# limit is death (section 8 b, c); conceding is withdrawing (8 d).
_FATES = {
    None: Fate.FIGHTING,
    RemovalCause.STRUCK: Fate.DEAD,
    RemovalCause.TIME_LIMIT: Fate.DEAD,
    RemovalCause.CONCEDED: Fate.WITHDREW,
}


def _key(g: Gladiator) -> tuple[Fraction, int, int, int, int]:
    survived = 1 if g.alive else 0
    turn = g.died_on_turn or 0
    return (-g.kills, -survived, -turn, -g.hp, -g.damage_dealt)


def standings(state: BoutState) -> list[Standing]:
    """Every gladiator's line in the shape every rule set shares, best place first: the
    score is the kills, and section 8's columns follow in the order they decide places.
    Each gladiator's key is worked out once, for the sort and for the shared places."""
    ranked = sorted([(_key(g), g) for g in state.gladiators], key=itemgetter(0))  # stable
    out: list[Standing] = []
    place = 0
    previous = None
    for position, (key, g) in enumerate(ranked, start=1):
        if key != previous:
            place = position
            previous = key
        kills = str(g.kills)
        out.append(
            Standing(
                name=g.name,
                side=g.name,
                place=place,
                fate=_FATES[g.removal],
                score=kills,
                extra={
                    "kills": kills,
                    "hp": g.hp,
                    "alive": g.alive,
                    "died_on_turn": g.died_on_turn,
                    "damage_dealt": g.damage_dealt,
                },
            )
        )
    return out
