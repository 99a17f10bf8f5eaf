"""Movement and targeting on the board as it stands (arena geometry plus the characters).

Appendix, "Speed": a character moves to an adjacent space not across a wall, as many times a
turn as its speed; "for movement purposes enemy characters count as walls, and you may move
through spaces with allied characters on them but not end your movement on them". Water:
"moving off counts as moving twice" (not for a swimmer). Flying x: "may move over a number of
lines equal to x" (walls, and ledges going up). Range: "you could move your character a number
of times equal to your range to the space the target is on, then ... draw a line from anywhere
in the space you occupy to the space your target occupies that doesn't go through a thick black
line or wall or another enemy character", with the elevation rule (arena.Geometry).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.arena import Arena, Geometry
from arena.engine.rulesets.arena_of_the_elders.changes import Board
from arena.engine.rulesets.arena_of_the_elders.data import Ability, Stats
from arena.engine.rulesets.arena_of_the_elders.flag import bearer_speed
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, State


def enemy_squares(state: Board, f: Fighter) -> frozenset[Square]:
    return frozenset([o.square for o in state.fighters if o.alive and o.team != f.team])


def occupied(state: Board, but: str = "") -> dict[Square, Fighter]:
    return {o.square: o for o in state.fighters if o.alive and o.name != but}


def speed_of(state: Board, f: Fighter) -> int:
    """Speed with its timed effects, and competitive capture the flag's "the flag bearers
    speed is reduced by 1"."""
    return bearer_speed(state, f, f.speed)


def mobility(state: Board, f: Fighter) -> tuple[int, int]:
    """What a move of this character may spend: its speed, and the lines it may cross."""
    return speed_of(state, f), f.flying


def step_cost(arena: Arena, f: Fighter, a: Square) -> int:
    return 2 if a in slow_squares(arena, f) else 1


def slow_squares(arena: Arena, f: Fighter) -> frozenset[Square]:
    """The squares this character leaves at a cost of 2: water, "moving off counts as moving
    twice", unless it swims."""
    return frozenset() if f.swimming else arena.water


def step_problem(
    state: Board,
    f: Fighter,
    a: Square,
    b: Square,
    spent: int,
    lines: int,
    speed: int,
    enemies_stay: bool = True,
) -> tuple[str, int, int]:
    """Why the step a -> b cannot be taken ("" when it can), and the movement and lines
    spent after it. enemies_stay False: the enemies standing now are not counted, as an
    earlier activation of the turn may kill them."""
    arena = state.arena
    if a.manhattan(b) != 1:
        return f"{b} is not next to {a}", spent, lines
    if not arena.contains(b):
        return f"{b} is off the arena", spent, lines
    crossed = arena.lines_to_cross(a, b)
    if crossed is None:
        return f"{b} is a wall", spent, lines
    cost = step_cost(arena, f, a)
    if spent + cost > speed:
        return (
            f"no movement left for {b}" + (" (leaving water costs 2)" if cost == 2 else ""),
            spent,
            lines,
        )
    if lines + crossed > f.flying:
        what = "a wall" if (min(a, b), max(a, b)) in arena.walls else "a ledge up"
        return f"{a} to {b} crosses {what}", spent, lines
    for o in state.fighters:
        if enemies_stay and o.alive and o.square == b and o.team != f.team:
            return f"an enemy ({o.name}) stands on {b}", spent, lines
    return "", spent + cost, lines + crossed


def path_problems(
    state: Board, f: Fighter, path: tuple[Square, ...], enemies_stay: bool = True
) -> list[str]:
    """What is wrong with this path as the board stands now (allies may still move away from
    the last square: that is checked when the move is made; with enemies_stay False, enemies
    may still fall before it)."""
    speed = speed_of(state, f)
    here, spent, lines = f.square, 0, 0
    for sq in path:
        why, spent, lines = step_problem(state, f, here, sq, spent, lines, speed, enemies_stay)
        if why:
            return [why]
        here = sq
    return []


Came = dict[tuple[Square, int], tuple[tuple[Square, int] | None, int]]


@dataclass(frozen=True, slots=True)
class Reach(Mapping[Square, tuple[Square, ...]]):
    """The squares a character may end its move on, in the order the search found them
    (its own square first), each with the search's (square, lines crossed) it ends at; a
    path is spelled out only for the square asked for (`reach[end]`)."""

    ends: dict[Square, tuple[Square, int]]
    came: Came  # each (square, lines) reached: the one it was reached from, its steps

    def __getitem__(self, end: Square) -> tuple[Square, ...]:
        return self.path(end)

    def __iter__(self) -> Iterator[Square]:
        return iter(self.ends)

    def __contains__(self, end: object) -> bool:
        return end in self.ends

    def __len__(self) -> int:
        return len(self.ends)

    def path(self, end: Square) -> tuple[Square, ...]:
        """A cheapest path to `end` (the empty path to its own square)."""
        path = []
        at: tuple[Square, int] | None = self.ends[end]
        while at is not None and self.came[at][0] is not None:
            path.append(at[0])
            at = self.came[at][0]
        return tuple(reversed(path))


def reachable(state: State, f: Fighter) -> Reach:
    """Every square this character may end its move on, with a cheapest path to it.
    Deterministic: ties keep the first path found, searching in the character's team's own
    order of directions (arena.FORWARD). One search over (square, lines crossed), on the
    steps the arena's geometry keeps; what the character brings to it (speed, flying, the
    cost of leaving each square, the enemies in the way) is read once, before it."""
    arena = state.arena
    steps = arena.geometry.steps[f.team]
    flying = f.flying
    speed = speed_of(state, f)
    enemies = enemy_squares(state, f)
    taken = {o.square for o in state.fighters if o.alive and o.name != f.name}
    slow = slow_squares(arena, f)  # the rest cost 1 to leave
    start = f.square
    best: dict[tuple[Square, int], int] = {(start, 0): 0}
    came: Came = {(start, 0): (None, 0)}
    # (movement spent, order pushed, lines crossed, square, steps taken): the order pushed
    # breaks ties, so the later fields are never compared.
    queue = [(0, 0, 0, start, 0)]
    counter = 0
    while queue:
        spent, _, lines, sq, taken_steps = heapq.heappop(queue)
        if best[(sq, lines)] < spent:
            continue
        spent += 2 if sq in slow else 1
        if spent > speed:
            continue
        steps_here = taken_steps + 1
        for nxt, crossed in steps[sq]:
            crossed += lines
            if crossed > flying or nxt in enemies:
                continue
            key = (nxt, crossed)
            if best.get(key, 99) <= spent:
                continue
            best[key] = spent
            came[key] = ((sq, lines), steps_here)
            counter += 1
            heapq.heappush(queue, (spent, counter, crossed, nxt, steps_here))
    ends: dict[Square, tuple[Square, int]] = {}
    # Ties keep the first path found: fewest steps, then fewest lines crossed.
    for sq, lines in sorted(came, key=lambda key: (came[key][1], key[1])):
        if sq not in ends and sq not in taken:
            ends[sq] = (sq, lines)
    return Reach(ends, came)


def reach_of(f: Fighter, ability: Ability, origin: Square, arena: Arena) -> int:
    stats = f.stats
    return base_reach(stats, ability) + vantage(stats, arena.elevation(origin))


def base_reach(stats: Stats, ability: Ability) -> int:
    """The ability's range with what the character's passives (`stats`, its level's) add to
    ranges (not to a use on oneself): worked out once for each level's sheet (data.Stats)."""
    return stats.reach[ability.key]


def vantage(stats: Stats, height: int) -> int:
    """Vantage: one more range from raised ground (of this height)."""
    return 1 if stats.has("vantage") and height >= 1 else 0


def target_problem(
    state: Board,
    f: Fighter,
    ability: Ability,
    origin: Square,
    target: Square | None,
    board_stays: bool = True,
) -> str:
    """Why `ability` cannot be used from `origin` on whoever stands on `target` ("" when it
    can): "Abilities cannot be activated unless they have a valid target". board_stays
    False: what an earlier activation of the turn may change is not held against it (an
    ally may step onto `target`, enemies between may fall); enemies never move in their
    foes' turn, so one must stand on an enemy's target already."""
    if ability.target == "self":
        return "" if target in (None, origin) else f"{ability.name} is used on oneself"
    if target is None:
        return f"{ability.name} needs a target"
    occupant = None
    for o in state.fighters:
        if o.alive and o.square == target and o.name != f.name:
            occupant = o
    if target == origin:
        occupant = f
    if ability.target == "enemy" and (occupant is None or occupant.team == f.team):
        return f"no enemy on {target}"
    ally_may_come = occupant is None and not board_stays  # onto the empty square, first
    if (
        ability.target == "ally"
        and not ally_may_come
        and (occupant is None or occupant.team != f.team)
    ):
        return f"no ally on {target}"
    if occupant is f:
        return ""
    arena = state.arena
    blockers = frozenset(
        o.square
        for o in state.fighters
        if board_stays and o.alive and o.team != f.team and o.square != target
    )
    return sight_problem(arena.geometry, origin, target, reach_of(f, ability, origin, arena),
                         blockers)  # fmt: skip


def sight_problem(
    geometry: Geometry, origin: Square, target: Square, reach: int, blockers: frozenset[Square]
) -> str:
    """Why `target` is out of range or out of sight from `origin` ("" when it is in both),
    with enemies on `blockers` (those between, the target's square not among them)."""
    failed = sight_check(geometry, origin, target, reach, blockers)
    if failed == "range":
        return f"{target} is out of range ({reach})"
    if failed == "heights":
        return f"the heights hide {target} from {origin}"
    if failed == "line":
        return f"no line of sight from {origin} to {target}"
    return ""


def sight_check(
    geometry: Geometry, origin: Square, target: Square, reach: int, blockers: frozenset[Square]
) -> str:
    """The first of the range and sight checks `target` fails from `origin`: "range",
    "heights" or "line" ("" when it passes them all; sight_problem gives the words)."""
    if geometry.moves_to(origin, target, blockers, reach) > reach:
        return "range"
    heights_ok, lines = geometry.sights[origin, target]
    if not heights_ok:
        return "heights"
    for line in lines:
        if line.isdisjoint(blockers):
            return ""  # a clear line
    return "line"
