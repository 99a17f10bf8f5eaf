"""To hit and damage: the numbers an ability's use comes to, shared by the resolution and the
tactics that weigh it.

To hit: "roll a d6 and roll a number within the specified range". Modifiers add to the roll:
Eagle Eye (+1 on lower ground), an exposed target (+1), an evading one (-1), and competitive
capture the flag ("Abilities targeting the flag bearer get +1 to hit, abilities that the flag
bearer uses get -1 to hit"). Crit: "an ability counts as critting if its to hit roll was a 6"
(the die itself; a crit always hits).
"""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.changes import Board
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.flag import bearer_hit_modifier
from arena.engine.rulesets.arena_of_the_elders.state import Fighter


def hit_modifier(state: Board, user: Fighter, target: Fighter, origin: Square) -> int:
    stats = user.stats
    mod = stats.mod("hit")
    if stats.has("high-ground"):
        arena = state.arena
        if arena.elevation(origin) > arena.elevation(target.square):
            mod += 1
    mod += target.under("expose") - target.under("evade")
    return mod + bearer_hit_modifier(state, user, target)


def hits(ability: Ability, roll: int, mod: int) -> bool:
    if ability.hit is None:
        return True
    if roll == 6:
        return True
    low, high = ability.hit
    return low <= roll + mod and (high == 6 or roll + mod <= high)


def damage_of(
    state: Board, user: Fighter, origin: Square, target: Fighter, ability: Ability, crit: bool
) -> int:
    """Crit damage "is dealt instead of the normal damage"; then the passives and shields.
    `origin`: where the user stands (Tidal counts water there)."""
    amount = ability.crit if crit and ability.crit is not None else ability.damage
    if not amount:
        return 0
    stats = user.stats
    amount += stats.mod("damage")
    if crit and stats.has("keen"):
        amount += 1
    if stats.has("sear") and target.burning:
        amount += 1
    if stats.has("venom") and target.poisoned:
        amount += 1
    if stats.has("tidal") and origin in state.arena.water:
        amount += 1
    if target.has("armour"):
        amount -= 1
    amount -= target.under("shield")
    return max(0, amount)


def hit_chance(ability: Ability, mod: int) -> float:
    return sum(hits(ability, roll, mod) for roll in range(1, 7)) / 6
