"""An arena's geometry is kept under the hash of its map's document: the same map, however many
times it is read, is worked out once; two maps that share a key are never confused. Range around
enemies, searched back from the target, is the range the rule counts from the origin."""

from __future__ import annotations

import random
from collections import deque

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.arena import ARENAS, FAR, Geometry, arena_from_json


def yard(walls: list[str]) -> dict:
    """A 6x6 GM map keyed 'gm-yard', with these walls."""
    return {
        "key": "gm-yard",
        "name": "GM yard",
        "width": 6,
        "height": 6,
        "terrain": ["......"] * 6,
        "walls": walls,
        "start": ["A1", "B1", "C1", "D1"],
        "flag": {"home": "F1", "zone": ["E1"]},
    }


def test_the_same_map_read_twice_shares_one_geometry():
    first = arena_from_json(yard(["C3:N"]))
    again = arena_from_json(dict(reversed(list(yard(["C3:N"]).items()))))  # keys in another order
    assert first is not again
    assert first.digest == again.digest
    assert first.geometry is again.geometry


def test_two_maps_with_one_key_keep_their_own_lines_of_sight():
    """C3|C4 is walled in one map and open in the other: C3 sees C4 only in the open one,
    whichever was asked first."""
    walled = arena_from_json(yard(["C3:N"]))
    open_ = arena_from_json(yard([]))
    assert walled.key == open_.key and walled.digest != open_.digest
    c3, c4 = Square.parse("C3"), Square.parse("C4")
    assert walled.geometry.sights[c3, c4][1] == ()
    assert open_.geometry.sights[c3, c4][1] != ()
    assert walled.geometry.moves_to(c3, c4, frozenset(), 9) == 3
    assert open_.geometry.moves_to(c3, c4, frozenset(), 9) == 1


def forward_moves(geometry: Geometry, origin: Square, target: Square, blockers) -> int:
    """The rule as written: from origin, through squares that are not enemies, to the target."""
    dist = {origin: 0}
    queue = deque([origin])
    while queue:
        sq = queue.popleft()
        if sq == target:
            return dist[sq]
        if sq in blockers and sq != origin:
            continue
        for nxt in geometry.near[sq]:
            if nxt not in dist:
                dist[nxt] = dist[sq] + 1
                queue.append(nxt)
    return FAR


def test_range_around_enemies_searched_back_is_the_range_counted_forward():
    rng = random.Random(30)
    checked = 0
    for arena in ARENAS.values():
        geometry = arena.geometry
        squares = geometry.squares
        for _ in range(300):
            origin, target, *enemies = rng.sample(squares, 6)
            blockers = frozenset(enemies)
            want = forward_moves(geometry, origin, target, blockers)
            for limit in (1, 3, 6, 12):
                got = geometry.moves_to(origin, target, blockers, limit)
                assert (got <= limit) == (want <= limit), (arena.key, origin, target, enemies)
                if want <= limit:
                    assert got == want
            checked += want < FAR
    assert checked > 500  # most pairs are reachable: the comparison is not of two FARs


def test_a_line_of_sight_is_the_same_shape_wherever_the_pair_stands():
    """On an open map, the lines between two squares are those between any two squares as
    far apart, moved over; a wall takes away only the lines that cross it."""
    open_ = arena_from_json(yard([])).geometry
    walled = arena_from_json(yard(["D4:E"])).geometry

    def at(col: int, row: int) -> Square:
        return Square(col, row)

    def moved(lines, dcol: int, drow: int) -> set[frozenset[Square]]:
        return {frozenset(at(sq.col + dcol, sq.row + drow) for sq in line) for line in lines}

    near_corner = open_.sights[at(0, 0), at(3, 1)]
    assert near_corner[0] and len(near_corner[1]) > 1
    assert moved(near_corner[1], 2, 3) == set(open_.sights[at(2, 3), at(5, 4)][1])
    crossing = walled.sights[at(2, 3), at(5, 4)][1]
    assert crossing and set(crossing) < set(open_.sights[at(2, 3), at(5, 4)][1])


def test_an_enemy_on_one_shortest_way_leaves_the_range_and_enemies_on_all_lengthen_it():
    """C3 to E3 on the open yard: the one shortest way runs through D3; from C3 to D4, two
    shortest ways run through D3 and C4. An enemy on one of two leaves the moves as they are
    (the other way is open); enemies on both send it round them."""
    geometry = arena_from_json(yard([])).geometry
    at = Square.parse
    assert geometry.moves_to(at("C3"), at("D4"), frozenset([at("D3")]), 9) == 2
    assert geometry.moves_to(at("C3"), at("D4"), frozenset([at("D3"), at("C4")]), 9) == 6
    assert geometry.moves_to(at("C3"), at("E3"), frozenset([at("D3")]), 9) == 4
    assert geometry.moves_to(at("C3"), at("E3"), frozenset([at("D3")]), 3) == FAR


def test_a_walkers_steps_are_the_steps_that_cross_no_line_in_the_teams_order():
    """A wall north of C3: a walker leaves C3 every way but north, in each team's own order
    of directions; the squares' heights are the map's."""
    geometry = arena_from_json(yard(["C3:N"])).geometry
    c3 = Square.parse("C3")
    for team in (0, 1):
        assert geometry.walker_steps[team][c3] == tuple(
            sq for sq, crossed in geometry.steps[team][c3] if not crossed
        )
    assert Square.parse("C4") not in geometry.walker_steps[0][c3]
    assert len(geometry.walker_steps[0][c3]) == 3
    ring = ARENAS["elders-ring"]
    assert all(ring.geometry.height[sq] == ring.elevation(sq) for sq in ring.geometry.squares)
