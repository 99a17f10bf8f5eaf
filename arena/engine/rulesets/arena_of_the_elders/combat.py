"""To hit and damage: the numbers an ability's use comes to, shared by the resolution and the
tactics that weigh it.

To hit: "roll a d6 and roll a number within the specified range". Modifiers add to the roll:
Eagle Eye (+1 on lower ground), an exposed target (+1), an evading one (-1), and competitive
capture the flag ("Abilities targeting the flag bearer get +1 to hit, abilities that the flag
bearer uses get -1 to hit"). Crit: "an ability counts as critting if its to hit roll was a 6"
(the die itself; a crit always hits).

What the attacker brings to both (its passives, the square it attacks from) is read once into
a `Striker`, then met by each target's side: the resolution makes one attack with it, the
tactics weigh every attack of an activation with one.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.changes import Board
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.flag import bearer_hit_modifier
from arena.engine.rulesets.arena_of_the_elders.state import Fighter


class Striker(NamedTuple):
    """An attacker on the square it attacks from, its target aside."""

    user: Fighter
    height: int  # of the square it attacks from
    hit: int  # what its passives add to its to-hit rolls
    high_ground: bool  # Eagle Eye
    damage: int  # what its passives add to its damage, Tidal's water included
    keen: bool
    sear: bool
    venom: bool


def striker(state: Board, user: Fighter, origin: Square) -> Striker:
    """`user` attacking from `origin`: its level's passives and what they add (data.Stats),
    read once."""
    stats = user.stats
    passives, added = stats.passives, stats.modifiers
    arena = state.arena
    # Tidal: +1 damage while it stands in water.
    tidal = "tidal" in passives and origin in arena.water
    return Striker(
        user=user,
        height=arena.elevation(origin),
        hit=added.get("hit", 0),
        high_ground="high-ground" in passives,
        damage=added.get("damage", 0) + tidal,
        keen="keen" in passives,
        sear="sear" in passives,
        venom="venom" in passives,
    )


def hit_modifier(state: Board, striker: Striker, target: Fighter) -> int:
    """What adds to the to-hit roll of `striker`'s attack on `target`."""
    mod = striker.hit
    if striker.high_ground and striker.height > state.arena.elevation(target.square):
        mod += 1
    mod += target.under("expose") - target.under("evade")
    return mod + bearer_hit_modifier(state, striker.user, target)


def hits(ability: Ability, roll: int, mod: int) -> bool:
    """An ability with no roll always hits, a 6 always hits; else the roll with its
    modifiers must be within the ability's range to hit."""
    return ability.hit is None or roll == 6 or within(ability.hit, roll + mod)


def within(hit: tuple[int, int], total: int) -> bool:
    """Whether a roll with its modifiers is within a range to hit (one up to 6 has no top)."""
    low, high = hit
    return low <= total and (high == 6 or total <= high)


@cache
def faces_that_hit(hit: tuple[int, int], mod: int) -> int:
    """How many of the faces 1 to 5 hit with `mod` added (a 6 hits, and crits, whatever the
    modifiers): kept for each range and modifier, few as they are."""
    return sum(within(hit, roll + mod) for roll in range(1, 6))


def damage_of(striker: Striker, target: Fighter, ability: Ability, crit: bool) -> int:
    """The damage of a use that hit, a crit or not (`damages`)."""
    normal, critical = damages(striker, target, ability)
    return critical if crit else normal


def damages(striker: Striker, target: Fighter, ability: Ability) -> tuple[int, int]:
    """The damage of a use that hits, without and with a crit: crit damage "is dealt instead
    of the normal damage" (Keen adds 1 to it); then the passives (Tidal counts the water of
    the square `striker` attacks from) and shields, the same to both. An amount of 0 stays
    0. The target's side is read once for both: the tactics weigh both, the resolution
    takes one."""
    added = striker.damage
    if striker.sear and target.burning:
        added += 1
    if striker.venom and target.poisoned:
        added += 1
    if target.has("armour"):
        added -= 1
    added -= target.under("shield")
    amount = ability.damage
    normal = max(0, amount + added) if amount else 0
    if ability.crit is not None:
        amount = ability.crit
    critical = max(0, amount + added + striker.keen) if amount else 0
    return normal, critical
