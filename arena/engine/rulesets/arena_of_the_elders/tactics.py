"""Default tactics: how the arena plays a character nobody orders (house characters, absent
players, and every character of a bout fought by tactics). Version 1.5 (docs/decisions/
0102-elders-1-5-fewer-squares-and-one-copy.md).

An activation is chosen when it comes, on the board as it then stands. First the character's
heading: in capture the flag its task (home with the flag, its own dropped flag, after the
enemy bearing its flag, to the enemy flag, with its bearer), else the enemy it goes for (kill
the king: the enemy king when he is known; team deathmatch: the nearest of those who must
still die; otherwise the nearest). Its candidates are a handful of squares: where it stands,
each square of a shortest walk towards the heading as far as its speed takes it, and (with no
task) each square of a walk away from it, both read from the map's walk table (kept per map,
arena.Geometry.walks). Only when an enemy bars the first step towards the heading is every
square it can reach weighed (moves.reachable). The candidates are ranked by their worth; each
use of a ready ability is made from the best-ranked candidate within its range and sight (or
where it stands, before moving to the best candidate), and the best is taken, the first found
on a tie. A use is worth its expected damage, the chance of a kill (worth more the higher the
victim's level), its fire, poison, stun or timed effect, or the health a heal restores,
reckoned once from where the character stands. A square is worth being at the character's
best range from the nearest enemy, higher ground for those who shoot, out of water for those
who cannot swim, a little for each move nearer the enemy it goes for, and in capture the flag
nearer its task.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.arena import FAR, Arena
from arena.engine.rulesets.arena_of_the_elders.changes import Board
from arena.engine.rulesets.arena_of_the_elders.combat import (
    Striker,
    damages,
    faces_that_hit,
    hit_modifier,
    striker,
)
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.moves import (
    reachable,
    sight_check,
    slow_squares,
    speed_of,
    vantage,
)
from arena.engine.rulesets.arena_of_the_elders.orders import Activation, Preparation
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, State

KILL = 4.0  # a kill is worth this much plus the victim's level
# Each move nearer the enemy it goes for (a tie breaker: the best range weighs 0.15 a move).
ADVANCE = 0.05
STATUS = {"fire": 0.8, "poison": 0.7, "stun": 1.5, "slow": 0.3, "expose": 0.4}


def default_king(members: Sequence[Fighter]) -> Fighter:
    """The sturdiest character (the first in the team's order on a tie)."""
    return max(members, key=lambda f: (f.hero.health, -f.seat))


def preparation(state: State, name: str) -> Preparation:
    """The sheet as it stands; no nomination (a team none of whose players wrote a sheet is
    absent: the arena crowns its sturdiest, and says so); two of the competitive levels
    each."""
    return Preparation(0, "", 2 if state.options.competitive else 0, auto=True)


def level_pick(state: Board, members: Sequence[Fighter]) -> Fighter:
    """The turn's level goes to the lowest-level living character (the dead last)."""
    return min(members, key=lambda f: (not f.alive, f.level, f.seat))


def activation(state: Board, name: str) -> Activation:
    """The candidates (where it stands and its way towards its heading) are ranked by their
    worth; each use of a ready ability is then made from the best-ranked candidate it can be
    made from, or where it stands before the move to the best candidate (hit and run), and
    the worthiest activation is taken."""
    f = state.fighter(name)
    weighing = Weighing(state, f)
    way = candidates(weighing, weighing.heading, back=weighing.goal is None)
    places = weighing.places(way)
    ranked = sorted(way, key=places.__getitem__, reverse=True)  # the first found on a tie
    best_place = ranked[0]
    best_value = places[best_place]
    # The best so far, built into an activation once chosen: (where the move ends, the
    # ability's key, its target, the ability first).
    best: tuple[Square, str, Square | None, bool] = (best_place, "", None, False)
    start = f.square
    for ability, on in weighing.uses():
        worth = None  # reckoned once it can be made from somewhere
        in_range = weighing.in_range_of(ability, on, ranked)  # where it stands is ranked too
        for end in in_range:
            if worth is None:
                worth = weighing.worth(ability, on)
            if places[end] + worth <= best_value + 1e-9:
                break  # no square further down the ranking does better
            if weighing.in_sight(ability, on, end):
                best_value = places[end] + worth
                best = (end, ability.key, weighing.target(ability, on, end), False)
                break
        if worth is None or worth + places[best_place] <= best_value + 1e-9:
            continue
        if start in in_range and weighing.in_sight(ability, on, start):
            best_value = worth + places[best_place]
            best = (best_place, ability.key, weighing.target(ability, on, start), True)
    end, key, target, first = best
    return Activation(way[end], key, target, ability_first=first)


def candidates(
    weighing: Weighing, heading: Square | None, back: bool
) -> Mapping[Square, tuple[Square, ...]]:
    """The squares weighed, each with the path to it: where the weighed character stands,
    then each square of a shortest walk towards `heading` (the map's walk table,
    arena.Geometry.walks) while its speed lasts, and with `back` each square of a walk away
    from it (to keep its range). When an enemy (or water it cannot pay to leave) bars the
    first step towards the heading, every square it can reach is weighed instead (the move
    search, moves.reachable, whose paths are spelled out only for the square taken), so
    that it finds its way round. The enemies' squares and the squares taken are the
    weighing's, read once from the board."""
    state, f = weighing.state, weighing.f
    start = f.square
    way: dict[Square, tuple[Square, ...]] = {start: ()}
    if heading is None:
        return way
    walk = weighing.geometry.walks[heading]
    left = walk.get(start)
    if left is None:
        return way  # no walk leads there: it stays and uses what it can from here
    speed = speed_of(state, f)
    if not _walk(weighing, walk, -1, way, speed) and left > 1:
        return reachable(state, f)
    if back:
        _walk(weighing, walk, 1, way, speed)
    return way


def _walk(
    weighing: Weighing,
    walk: dict[Square, int],
    by: int,
    way: dict[Square, tuple[Square, ...]],
    speed: int,
) -> bool:
    """Adds to `way` the squares of a walk from where the weighed character stands, each
    step `by` (-1 or 1) moves from the walk table's goal, tried in the team's own order of
    directions (arena.FORWARD), while its `speed` lasts, no enemy stands in the way and no
    line is crossed (a ledge up or a wall: a walker's way). An ally's square (the weighing's
    `taken`) is passed, not ended on. Whether it took a step."""
    f, enemies, taken = weighing.f, weighing.all_enemies, weighing.taken
    steps = weighing.geometry.walker_steps[f.team]
    slow = weighing.slow
    here, spent, path = f.square, 0, ()
    moves = walk[here]
    while moves + by >= 0:
        spent += 2 if here in slow else 1  # leaving `here` (moves.step_cost)
        if spent > speed:
            break
        ahead = moves + by
        for sq in steps[here]:  # the first step of the walk, in the team's order
            if walk.get(sq) == ahead and sq not in enemies:
                break
        else:
            break  # no step goes on: the walk ends here
        here, moves = sq, ahead
        path = (*path, here)
        if here not in taken:
            way.setdefault(here, path)
    return bool(path)


def _preferred_range(known: Sequence[Ability], usable: Sequence[Ability]) -> int:
    ranges = [a.range for a in usable if a.kind == "attack"]
    if not ranges:
        ranges = [a.range for a in known if a.kind == "attack"] or [2]
    return max(1, max(ranges) - 1)


class Weighing:
    """One activation's weighing of the squares `f` may end on and of the uses of its ready
    abilities, with what the board as it stands fixes worked out once: the characters stay
    where they are while one of them is weighed, so the enemies that block each target's
    range and sight, and the moves a range counts around each character, are known before
    any square is. A use's worth is reckoned once, from where `f` stands: the square it is
    made from enters to hit and damage only by its height and water (an estimate the
    resolution does not share: it rolls from the square the use is made from)."""

    def __init__(self, state: Board, f: Fighter) -> None:
        self.state = state
        self.f = f
        self.arena = state.arena
        self.geometry = self.arena.geometry
        # The board read once: the living enemies and allies (`f` among them), and the moves
        # a range counts from each (a step joins two squares both ways, so they are the
        # moves to it from every square).
        enemies: list[Fighter] = []
        allies: list[Fighter] = []
        around: dict[str, dict[Square, int]] = {}
        moves, team = self.geometry.moves, f.team
        around_enemies: list[dict[Square, int]] = []
        for o in state.fighters:
            if not o.alive:
                continue
            table = around[o.name] = moves[o.square]
            if o.team == team:
                allies.append(o)
            else:
                enemies.append(o)
                around_enemies.append(table)
        self.enemies, self.allies, self.around = enemies, allies, around
        self.around_enemies = around_enemies
        stats = f.stats
        cooling = {key for key, turns in f.cooldowns if turns}
        self.usable = [a for a in stats.actives if a.key not in cooling]
        self.all_enemies = frozenset([e.square for e in self.enemies])  # block a line to an ally
        # The squares a move may pass but not end on (the enemies' are not passed either).
        self.taken = self.all_enemies | {a.square for a in self.allies if a.name != f.name}
        # Each ability's reach from low and from raised ground (vantage adds only there).
        lift, reach = vantage(stats, 1), stats.reach
        self.reaches = {a.key: (reach[a.key], reach[a.key] + lift) for a in self.usable}
        self.raised = self.geometry.raised
        self.goal = _goal(state, f)
        # Where its way leads: its task in capture the flag, else the enemy it goes for.
        self.heading = self.goal[0] if self.goal else _quarry(state, f, self.enemies, self.around)
        self.walk = self.geometry.walks[self.heading] if self.heading else {}
        self.prefer = _preferred_range(stats.known, self.usable)
        if state.options.mode == "king" and state.kings[f.team] == f.name:
            self.prefer += 2  # the king keeps back
        self.carrying = state.options.mode == "flag" and state.flags[1 - f.team].carrier == f.name
        # What the character brings to the worth of a square, read once for all of them.
        self.water = self.arena.water
        self.burning = bool(f.burning)
        self.tidal = stats.has("tidal")
        self.slow = slow_squares(self.arena, f)  # the squares it leaves at a cost of 2
        self.striker: Striker | None = None  # its side of an attack, when one is weighed
        self.blockers: dict[str, frozenset[Square]] = {}  # each target's, when it is asked

    def places(self, ends: Iterable[Square]) -> dict[Square, float]:
        """What ending the move on each of `ends` is worth, uses aside: all in one pass, with
        what the character brings to it read once."""
        prefer, walk, goal = self.prefer, self.walk, self.goal
        around_enemies, water, height = self.around_enemies, self.water, self.geometry.height
        burning, tidal, slow = self.burning, self.tidal, self.slow
        zone = self.arena.flag_zones[self.f.team] if self.carrying else frozenset()
        square, weight = goal if goal is not None else (None, 0.0)  # its task, and how hard
        out = {}
        for end in ends:
            value = 0.0
            if around_enemies:
                nearest = min([around.get(end, 40) for around in around_enemies])
                value -= 0.15 * abs(nearest - prefer)
            if prefer > 1:
                value += 0.1 * height[end]
            if end in water:
                if burning:
                    value += 1.0
                if tidal:
                    value += 0.3
                elif end in slow:  # water it cannot swim in (moves.slow_squares)
                    value -= 0.3
            if goal is not None:
                value -= weight * 0.5 * walk.get(end, 40)
                if end == square:
                    value += 3.0 * weight
            else:
                value -= ADVANCE * walk.get(end, 40)
            if end in zone:  # the bearer home
                value += 10.0
            out[end] = value
        return out

    def uses(self) -> list[tuple[Ability, Fighter]]:
        """Every use of a ready ability, in the sheet's order: an attack on each enemy, a
        heal or buff on each ally (the user among them) or on oneself."""
        out: list[tuple[Ability, Fighter]] = []
        for ability in self.usable:
            if ability.kind == "attack":
                out += [(ability, e) for e in self.enemies]
            elif ability.target == "self":
                out.append((ability, self.f))
            else:
                out += [(ability, a) for a in self.allies]
        return out

    def worth(self, ability: Ability, on: Fighter) -> float:
        if ability.kind == "attack":
            if self.striker is None:  # read once, for every attack it weighs
                self.striker = striker(self.state, self.f, self.f.square)
            return _attack_value(self.state, self.striker, on, ability)
        return _support_value(on, on.square, ability, self.enemies)

    def in_range_of(
        self, ability: Ability, on: Fighter, origins: Sequence[Square]
    ) -> Sequence[Square]:
        """The squares of `origins` (in their order) `on` is within the ability's reach from,
        characters aside: one look-up each in the moves around `on`."""
        if on.name == self.f.name:
            return origins
        around = self.around[on.name]
        low, high = self.reaches[ability.key]
        if low == high:  # no Vantage: the same reach from every square
            return [o for o in origins if around.get(o, FAR) <= low]
        raised = self.raised
        return [o for o in origins if around.get(o, FAR) <= (high if o in raised else low)]

    def in_sight(self, ability: Ability, on: Fighter, origin: Square) -> bool:
        """In range and sight from `origin` with the enemies where they stand."""
        if on.name == self.f.name:
            return True
        blockers = self.blockers.get(on.name)
        if blockers is None:
            # What blocks the line: every enemy, the target itself aside (target_problem's).
            blockers = self.all_enemies
            if on.team != self.f.team:
                blockers = blockers - {on.square}
            self.blockers[on.name] = blockers
        low, high = self.reaches[ability.key]  # Vantage adds only on raised ground
        reach = high if origin in self.raised else low
        return not sight_check(self.geometry, origin, on.square, reach, blockers)

    def target(self, ability: Ability, on: Fighter, origin: Square) -> Square | None:
        if ability.target == "self":
            return None
        return origin if on.name == self.f.name else on.square


def _attack_value(state: Board, striker: Striker, e: Fighter, ability: Ability) -> float:
    # The damage depends on the die only by whether it is a 6 (a crit): the faces 1 to 5
    # that hit deal the normal damage, a 6 always hits and crits; an ability without a roll
    # always hits and never crits.
    normal, crit = damages(striker, e, ability)
    if ability.hit is None:
        rolls, hitting, crits, crit = 1, 1, 0, 0
    else:
        mod = hit_modifier(state, striker, e)
        rolls, hitting, crits = 6, faces_that_hit(ability.hit, mod), 1
    expected = hitting * min(normal, e.hp) + crits * min(crit, e.hp)
    kill = hitting * (normal >= e.hp) + crits * (crit >= e.hp)
    value = expected / rolls + kill / rolls * (KILL + e.level)
    chance = (hitting + crits) / rolls
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
    if options.mode == "flag" and e.name in [fl.carrier for fl in state.flags]:
        value *= 1.5
    return value


def _support_value(
    a: Fighter, square: Square, ability: Ability, enemies: Sequence[Fighter]
) -> float:
    """A heal or buff on `a`, standing on `square` when it is used."""
    if ability.kind == "heal":
        missing = a.max_health - a.hp
        statuses = bool(a.burning) + bool(a.poisoned) + bool(a.stunned)
        return min(ability.heal, missing) + 0.8 * statuses
    threatened = any([e.square.manhattan(square) <= 6 for e in enemies])
    value = 0.0
    for effect in ability.effects:
        if a.under(effect):
            continue
        if effect in ("shield", "evade"):
            value += 0.7 if threatened else 0.0
        elif effect in ("haste", "soar"):
            value += 0.3 if not threatened else 0.1
    return value


def _goal(state: Board, f: Fighter) -> tuple[Square, float] | None:
    """Where capture the flag sends this character, and how hard: the bearer home by the
    nearest square of its flag zone; the nearest to its own dropped flag, to return it; the
    two nearest after an enemy bearing its flag; the others to the enemy flag while it lies
    on the board, and with their bearer while one of them bears it."""
    if state.options.mode != "flag":
        return None
    arena = state.arena
    mine, theirs = state.flags[f.team], state.flags[1 - f.team]
    if theirs.carrier == f.name:
        return _home(arena, f.team, f.square), 2.0
    dropped = mine.square is not None and mine.square != arena.flag_homes[f.team]
    if dropped and f.name in _nearest(state, f.team, mine.square, count=1):  # type: ignore[arg-type]
        return mine.square, 1.0  # type: ignore[return-value]
    if mine.carrier:
        carrier = state.get(mine.carrier)
        if carrier is not None and f.name in _nearest(state, f.team, carrier.square, count=2):
            return carrier.square, 1.0
    if theirs.square is not None:
        return theirs.square, 1.0
    if theirs.carrier:
        carrier = state.get(theirs.carrier)
        if carrier is not None:
            return carrier.square, 0.6
    return None


def _home(arena: Arena, team: int, start: Square) -> Square:
    """The square of `team`'s flag zone a bearer on `start` walks to soonest. A tie goes to
    the first in the team's own view of the board (Blue's turned half a turn), so that Red and
    Blue choose alike (docs/rules/arena-of-the-elders.md, "Balance")."""
    geometry = arena.geometry

    def seen(sq: Square) -> Square:
        return sq if team == 0 else arena.turned(sq)

    return min(
        arena.flag_zones[team], key=lambda sq: (geometry.walks[sq].get(start, FAR), seen(sq))
    )


def _quarry(
    state: Board, f: Fighter, enemies: Sequence[Fighter], around: dict[str, dict[Square, int]]
) -> Square | None:
    """The enemy `f` goes for, by its square: in kill the king the enemy king when he is
    known (not in the competitive game, where the nomination is secret); in team deathmatch
    the nearest of those who must still die for the enemy team to lose; else the nearest
    enemy in moves (the first in its team's order on a tie)."""
    options = state.options
    if options.mode == "king" and not options.competitive:
        for e in enemies:
            if e.name == state.kings[1 - f.team]:
                return e.square
    if options.mode == "deathmatch":
        lose = options.deaths_to_lose
        enemies = [e for e in enemies if e.deaths < lose] or enemies
    if not enemies:
        return None
    # Seats differ within a team, so the squares are never compared.
    _, _, square = min([(around[e.name].get(f.square, FAR), e.seat, e.square) for e in enemies])
    return square


def _nearest(state: Board, team: int, goal: Square, count: int) -> list[str]:
    """The `count` living characters of `team` nearest `goal` in a walk (the first in the
    team's order on a tie)."""
    dist = state.arena.geometry.walks[goal]
    ranked = sorted(
        [f for f in state.team(team) if f.alive],
        key=lambda f: (dist.get(f.square, FAR), f.seat),
    )
    return [f.name for f in ranked[:count]]
