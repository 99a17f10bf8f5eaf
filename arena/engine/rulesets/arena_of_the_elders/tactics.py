"""Default tactics: how the arena plays a character nobody orders (house characters, absent
players, and every character of a bout fought by tactics).

An activation is chosen when it comes, on the board as it then stands: every square the
character can end on, and every use of a ready ability from there (or from where it stands,
before moving), is weighed; the best is taken, the first found on a tie. A use is worth its
expected damage, the chance of a kill (worth more the higher the victim's level), its fire,
poison, stun or timed effect, or the health a heal restores. A square is worth being at the
character's best range from the nearest enemy, higher ground for those who shoot, out of
water for those who cannot swim, and in capture the flag the way to a flag or home with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.combat import damage_of, hit_modifier, hits
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.moves import (
    reach_of,
    reachable,
    target_problem,
    walk_distances,
)
from arena.engine.rulesets.arena_of_the_elders.orders import Activation, Preparation
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, State

KILL = 4.0  # a kill is worth this much plus the victim's level
STATUS = {"fire": 0.8, "poison": 0.7, "stun": 1.5, "slow": 0.3, "expose": 0.4}


def default_king(members: Sequence[Fighter]) -> Fighter:
    """The sturdiest character (the first in the team's order on a tie)."""
    return max(members, key=lambda f: (f.hero.health, -f.seat))


def preparation(state: State, name: str) -> Preparation:
    """The sheet as it stands; no claim to the crown (a team nobody claims it for crowns
    its sturdiest); two of the competitive levels each."""
    return Preparation(0, False, 2 if state.options.competitive else 0)


def level_pick(state: State, members: Sequence[Fighter]) -> Fighter:
    """The turn's level goes to the lowest-level living character (the dead last)."""
    return min(members, key=lambda f: (not f.alive, f.level, f.seat))


def activation(state: State, name: str) -> Activation:
    f = state.get(name)
    assert f is not None
    enemies = [o for o in state.fighters if o.alive and o.team != f.team]
    allies = [o for o in state.fighters if o.alive and o.team == f.team]
    usable = [a for a in f.known if not a.passive and not f.cooldown(a.key)]
    ends = reachable(state, f)
    goal = _goal(state, f)
    prefer = _preferred_range(f, usable)
    if state.options.mode == "king" and state.kings[f.team] == name:
        prefer += 2  # the king keeps back
    best_value = float("-inf")
    best = Activation()
    # Using an ability where it stands, then moving (hit and run).
    start_use = _best_use(state, f, f.square, usable, enemies, allies)
    best_place_value = float("-inf")
    best_place: tuple[Square, ...] = ()
    for end, path in ends.items():
        place = _position(state, f, end, enemies, goal, prefer)
        use = _best_use(state, f, end, usable, enemies, allies)
        value = place + use[0]
        if value > best_value + 1e-9:
            best_value = value
            best = Activation(path, use[1], use[2])
        if place > best_place_value + 1e-9:
            best_place_value = place
            best_place = path
    if start_use[1] and start_use[0] + best_place_value > best_value + 1e-9:
        best = Activation(best_place, start_use[1], start_use[2], ability_first=True)
    return best


def _preferred_range(f: Fighter, usable: Sequence[Ability]) -> int:
    ranges = [a.range for a in usable if a.kind == "attack"]
    if not ranges:
        ranges = [a.range for a in f.known if a.kind == "attack"] or [2]
    return max(1, max(ranges) - 1)


def _best_use(
    state: State,
    f: Fighter,
    origin: Square,
    usable: Sequence[Ability],
    enemies: Sequence[Fighter],
    allies: Sequence[Fighter],
) -> tuple[float, str, Square | None]:
    best: tuple[float, str, Square | None] = (0.0, "", None)
    moved = f if origin == f.square else replace(f, square=origin)
    for ability in usable:
        for target, value in _uses(state, moved, ability, origin, enemies, allies):
            if value > best[0] + 1e-9:
                best = (value, ability.key, target)
    return best


def _uses(
    state: State,
    f: Fighter,
    ability: Ability,
    origin: Square,
    enemies: Sequence[Fighter],
    allies: Sequence[Fighter],
) -> Iterator[tuple[Square | None, float]]:
    geometry = state.arena.geometry
    if ability.kind == "attack":
        reach = reach_of(f, ability, origin, state.arena)
        near = geometry.distances(origin, frozenset(), reach)
        for e in enemies:
            if near.get(e.square, 99) > reach:
                continue
            if target_problem(state, f, ability, origin, e.square):
                continue
            yield e.square, _attack_value(state, f, e, ability, origin)
        return
    if ability.target == "self":
        candidates = [f]
    else:
        near = geometry.distances(origin, frozenset(), ability.range)
        candidates = [
            a for a in allies if a.name == f.name or near.get(a.square, 99) <= ability.range
        ]
    for a in candidates:
        if a.name == f.name:
            a = f
        elif target_problem(state, f, ability, origin, a.square):
            continue
        value = _support_value(state, f, a, ability, enemies)
        if value > 0:
            yield (None if ability.target == "self" else a.square), value


def _attack_value(state: State, f: Fighter, e: Fighter, ability: Ability, origin: Square) -> float:
    mod = hit_modifier(state, f, e, origin)
    expected = 0.0
    kill = 0.0
    landed = 0.0
    for roll in range(1, 7) if ability.hit is not None else (0,):
        if ability.hit is not None and not hits(ability, roll, mod):
            continue
        amount = damage_of(state, f, e, ability, roll == 6)
        expected += min(amount, e.hp)
        landed += 1
        if amount >= e.hp:
            kill += 1
    rolls = 6 if ability.hit is not None else 1
    value = expected / rolls + kill / rolls * (KILL + e.level)
    chance = landed / rolls
    for effect in ability.effects:
        if effect == "fire" and (e.burning or e.has("fireproof")):
            continue
        if effect == "poison" and e.poisoned:
            continue
        if effect == "stun" and e.stunned:
            continue
        value += STATUS.get(effect, 0.0) * chance
    options = state.options
    if options.mode == "king" and not options.competitive and state.kings[e.team] == e.name:
        value *= 1.5
    if options.mode == "flag" and any(fl.carrier == e.name for fl in state.flags):
        value *= 1.5
    return value


def _support_value(
    state: State, f: Fighter, a: Fighter, ability: Ability, enemies: Sequence[Fighter]
) -> float:
    if ability.kind == "heal":
        missing = a.hero.health - a.hp
        statuses = bool(a.burning) + bool(a.poisoned) + bool(a.stunned)
        return min(ability.heal, missing) + 0.8 * statuses
    threatened = any(e.square.manhattan(a.square) <= 6 for e in enemies)
    value = 0.0
    for effect in ability.effects:
        if a.under(effect):
            continue
        if effect in ("shield", "evade"):
            value += 0.7 if threatened else 0.0
        elif effect in ("haste", "soar"):
            value += 0.3 if not threatened else 0.1
    return value


def _goal(state: State, f: Fighter) -> tuple[Square, float] | None:
    """Where capture the flag sends this character, and how hard."""
    if state.options.mode != "flag":
        return None
    arena = state.arena
    mine, theirs = state.flags[f.team], state.flags[1 - f.team]
    if theirs.carrier == f.name:
        return arena.flag_homes[f.team], 2.0
    dropped = mine.square is not None and mine.square != arena.flag_homes[f.team]
    if dropped and _nearest(state, f.team, mine.square) == f.name:  # type: ignore[arg-type]
        return mine.square, 1.0  # type: ignore[return-value]
    if mine.carrier:
        carrier = state.get(mine.carrier)
        if carrier is not None:
            return carrier.square, 0.6
    if theirs.square is not None:
        runners = _nearest(state, f.team, theirs.square, count=2)
        if f.name in runners:
            return theirs.square, 1.0
    if theirs.carrier:
        carrier = state.get(theirs.carrier)
        if carrier is not None:
            return carrier.square, 0.2
    return None


def _nearest(state: State, team: int, goal: Square, count: int = 1) -> list[str] | str:
    dist = walk_distances(state.arena, goal)
    ranked = sorted(
        (f for f in state.team(team) if f.alive),
        key=lambda f: (dist.get(f.square, 99), f.seat),
    )
    names = [f.name for f in ranked[:count]]
    if count == 1:
        return names[0] if names else ""
    return names


def _position(
    state: State,
    f: Fighter,
    end: Square,
    enemies: Sequence[Fighter],
    goal: tuple[Square, float] | None,
    prefer: int,
) -> float:
    arena = state.arena
    value = 0.0
    if enemies:
        near = arena.geometry.distances(end, frozenset(), 40)
        nearest = min(near.get(e.square, 40) for e in enemies)
        value -= 0.15 * abs(nearest - prefer)
    if prefer > 1:
        value += 0.1 * arena.elevation(end)
    if end in arena.water:
        if f.burning:
            value += 1.0
        if f.has("tidal"):
            value += 0.3
        elif not f.swimming:
            value -= 0.3
    if goal is not None:
        square, weight = goal
        dist = walk_distances(arena, square)
        value -= weight * 0.5 * dist.get(end, 40)
        if end == square:
            value += 3.0 * weight
    carrying = state.options.mode == "flag" and state.flags[1 - f.team].carrier == f.name
    if carrying and end in arena.flag_zones[f.team]:
        value += 10.0
    return value
