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

from collections.abc import Sequence

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.arena import FAR
from arena.engine.rulesets.arena_of_the_elders.combat import damage_of, hit_modifier, hits
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.moves import reach_of, reachable, sight_problem
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
    weighing = Weighing(state, f)
    ends = reachable(state, f)
    best_value = float("-inf")
    best = Activation()
    # Using an ability where it stands, then moving (hit and run).
    start_use = weighing.best_use(f.square)
    best_place_value = float("-inf")
    best_place: tuple[Square, ...] = ()
    for end, path in ends.items():
        place = weighing.place(end)
        # A use from `end` counts only if it makes `end` the best so far.
        use = start_use if end == f.square else weighing.best_use(end, best_value - place)
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


class Weighing:
    """One activation's weighing of the squares `f` may end on and of the uses of its ready
    abilities from them, with what the board as it stands fixes worked out once. The
    characters stay where they are while one of them is weighed, so the enemies that block
    each target's range and sight are known before any square is, and an attack's worth
    depends on the square it is made from only by its height and whether it is water (to
    hit from above, Tidal's damage): each attack on each enemy is reckoned once for each
    such kind of square."""

    def __init__(self, state: State, f: Fighter) -> None:
        self.state = state
        self.f = f
        self.arena = state.arena
        self.geometry = self.arena.geometry
        self.enemies = [o for o in state.fighters if o.alive and o.team != f.team]
        self.allies = [o for o in state.fighters if o.alive and o.team == f.team]
        self.usable = [a for a in f.known if not a.passive and not f.cooldown(a.key)]
        squares = frozenset(e.square for e in self.enemies)
        self.all_enemies = squares  # what blocks a line to an ally
        # What blocks a line to each enemy: the others (target_problem's blockers).
        self.blockers = {e.name: squares - {e.square} for e in self.enemies}
        self._attacks: dict[tuple[str, str, int, bool], float] = {}
        self.goal = _goal(state, f)
        self.walk = self.geometry.walk_to(self.goal[0]) if self.goal else {}
        self.prefer = _preferred_range(f, self.usable)
        if state.options.mode == "king" and state.kings[f.team] == f.name:
            self.prefer += 2  # the king keeps back
        self.carrying = state.options.mode == "flag" and state.flags[1 - f.team].carrier == f.name

    def place(self, end: Square) -> float:
        """What ending the move on `end` is worth, uses aside."""
        f, arena, prefer = self.f, self.arena, self.prefer
        value = 0.0
        if self.enemies:
            near = self.geometry.moves_from(end)
            nearest = min(near.get(e.square, 40) for e in self.enemies)
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
        if self.goal is not None:
            square, weight = self.goal
            value -= weight * 0.5 * self.walk.get(end, 40)
            if end == square:
                value += 3.0 * weight
        if self.carrying and end in arena.flag_zones[f.team]:
            value += 10.0
        return value

    def best_use(self, origin: Square, floor: float = 0.0) -> tuple[float, str, Square | None]:
        """The worthiest use from `origin` worth more than `floor` (and than nothing): its
        worth, the ability, the target square; the first found on a tie, (0.0, "", None)
        when none is. A use's worth is reckoned before its range and sight are, so only a
        use that would be the best so far has its line of sight traced."""
        best: tuple[float, str, Square | None] = (max(0.0, floor), "", None)
        f, geometry = self.f, self.geometry
        near = geometry.moves_from(origin)
        for ability in self.usable:
            if ability.kind != "attack":
                for target, value in self._supports(ability, origin, near, best[0]):
                    if value > best[0] + 1e-9:
                        best = (value, ability.key, target)
                continue
            reach = reach_of(f, ability, origin, self.arena)
            for e in self.enemies:
                if near.get(e.square, FAR) > reach:
                    continue
                value = self._attack(ability, e, origin)
                if value <= best[0] + 1e-9:
                    continue
                if sight_problem(geometry, origin, e.square, reach, self.blockers[e.name]):
                    continue
                best = (value, ability.key, e.square)
        return best if best[1] else (0.0, "", None)

    def _supports(
        self, ability: Ability, origin: Square, near: dict[Square, int], floor: float
    ) -> list[tuple[Square | None, float]]:
        """The heals or buffs from `origin` worth more than `floor`, and their worth."""
        f = self.f
        if ability.target == "self":
            candidates = [f]
        else:
            candidates = [
                a
                for a in self.allies
                if a.name == f.name or near.get(a.square, FAR) <= ability.range
            ]
        out: list[tuple[Square | None, float]] = []
        for a in candidates:
            square = origin if a.name == f.name else a.square
            value = _support_value(a, square, ability, self.enemies)
            if value <= floor + 1e-9:
                continue
            if a.name != f.name:
                reach = reach_of(f, ability, origin, self.arena)
                if sight_problem(self.geometry, origin, a.square, reach, self.all_enemies):
                    continue
            out.append(((None if ability.target == "self" else square), value))
        return out

    def _attack(self, ability: Ability, e: Fighter, origin: Square) -> float:
        arena = self.arena
        key = (ability.key, e.name, arena.elevation(origin), origin in arena.water)
        value = self._attacks.get(key)
        if value is None:
            value = self._attacks[key] = _attack_value(self.state, self.f, e, ability, origin)
        return value


def _attack_value(state: State, f: Fighter, e: Fighter, ability: Ability, origin: Square) -> float:
    mod = hit_modifier(state, f, e, origin)
    # The damage depends on the die only by whether it is a 6 (a crit).
    damage = tuple(damage_of(state, f, origin, e, ability, crit) for crit in (False, True))
    expected = 0.0
    kill = 0.0
    landed = 0.0
    for roll in range(1, 7) if ability.hit is not None else (0,):
        if ability.hit is not None and not hits(ability, roll, mod):
            continue
        amount = damage[roll == 6]
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
    a: Fighter, square: Square, ability: Ability, enemies: Sequence[Fighter]
) -> float:
    """A heal or buff on `a`, standing on `square` when it is used."""
    if ability.kind == "heal":
        missing = a.hero.health - a.hp
        statuses = bool(a.burning) + bool(a.poisoned) + bool(a.stunned)
        return min(ability.heal, missing) + 0.8 * statuses
    threatened = any(e.square.manhattan(square) <= 6 for e in enemies)
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
    dist = state.arena.geometry.walk_to(goal)
    ranked = sorted(
        (f for f in state.team(team) if f.alive),
        key=lambda f: (dist.get(f.square, 99), f.seat),
    )
    names = [f.name for f in ranked[:count]]
    if count == 1:
        return names[0] if names else ""
    return names
