"""Version 1.5's tactics weigh a handful of squares: where the character stands and its walk
towards its heading (and away from it), read from the map's walk table; the heading is the
mode's (docs/decisions/0102-elders-1-5-fewer-squares-and-one-copy.md)."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders import tactics
from arena.engine.rulesets.arena_of_the_elders.moves import path_problems, reachable
from arena.engine.rulesets.arena_of_the_elders.state import Flag
from tests.engine.arena_of_the_elders.helpers import YARD, place, resolve, who


def sq(text: str) -> Square:
    return Square.parse(text)


def test_the_candidates_are_where_it_stands_and_each_step_of_its_walk_as_far_as_its_speed():
    state = place("Red brann A1", "Blue vorn H8")  # Brann: speed 2
    way = tactics.candidates(tactics.Weighing(state, who(state, "Brann")), sq("H8"), back=False)
    walk = YARD.geometry.walks[sq("H8")]
    assert list(way) == [sq("A1"), sq("A2"), sq("A3")]
    assert [walk[end] for end in way] == [walk[sq("A1")] - n for n in range(3)]
    for end, path in way.items():
        assert path_problems(state, who(state, "Brann"), path) == []
        assert (path[-1] if path else sq("A1")) == end


def test_with_no_flag_task_it_may_also_walk_away_to_keep_its_range():
    state = place("Red ossa D4", "Blue vorn D7")
    way = tactics.candidates(tactics.Weighing(state, who(state, "Ossa")), sq("D7"), back=True)
    walk = YARD.geometry.walks[sq("D7")]
    assert any(walk[end] > walk[sq("D4")] for end in way)  # farther than it stands
    assert any(walk[end] < walk[sq("D4")] for end in way)  # and nearer


def test_an_enemy_barring_the_first_step_makes_it_weigh_every_square_it_can_reach():
    state = place("Red brann A1", "Blue vorn A2")  # A2 is the only step nearer A5
    brann = who(state, "Brann")
    way = tactics.candidates(tactics.Weighing(state, brann), sq("A5"), back=False)
    assert set(way) == set(reachable(state, brann).ends) == {sq("A1"), sq("B1"), sq("C1")}


def test_an_allys_square_is_passed_not_ended_on():
    state = place("Red brann A1", "Red vorn A2", "Blue ossa H8")
    way = tactics.candidates(tactics.Weighing(state, who(state, "Brann")), sq("A5"), back=False)
    assert sq("A2") not in way
    assert way[sq("A3")] == (sq("A2"), sq("A3"))


def test_in_team_deathmatch_it_goes_for_the_nearest_enemy_that_must_still_die():
    state = place("Red vorn D3", "Blue ossa D5 deaths=1", "Blue nyx G8")
    assert tactics.Weighing(state, who(state, "Vorn")).heading == sq("G8")


def test_in_kill_the_king_it_goes_for_the_known_king_and_not_for_a_secret_one():
    specs = ("Red vorn D3", "Blue ossa D5", "Blue nyx G8")
    public = place(*specs, mode="king", kings=("Vorn", "Nyx"))
    assert tactics.Weighing(public, who(public, "Vorn")).heading == sq("G8")
    secret = place(*specs, mode="king", competitive=True, kings=("Vorn", "Nyx"))
    assert tactics.Weighing(secret, who(secret, "Vorn")).heading == sq("D5")


def test_the_bearer_walks_to_the_nearest_square_of_its_flag_zone_and_captures():
    # Red's flag zone: H1 (home), G1, H2. From H5 the nearest is H2, three moves (Nyx: 4).
    state = place("Red nyx H5", "Blue vorn A8", mode="flag")
    state = state.evolve(flags=(state.flags[0], Flag(None, "Nyx")))  # Nyx bears Blue's flag
    assert tactics.Weighing(state, who(state, "Nyx")).heading == sq("H2")
    after, events = resolve(state, Nyx={"auto": True})
    assert after.captures == (1, 0)
    assert any(getattr(e, "what", "") == "captured" for e in events)


def test_a_move_searchs_candidates_spell_the_path_of_the_square_asked_for():
    """When every square it can reach is weighed, each one's path is the move search's,
    spelled out when asked (moves.Reach is a mapping of the squares to their paths)."""
    state = place("Red brann A1", "Blue vorn A2")
    brann = who(state, "Brann")
    way = tactics.candidates(tactics.Weighing(state, brann), sq("A5"), back=False)
    reach = reachable(state, brann)
    assert list(way) == list(reach.ends) and len(way) == 3
    assert sq("C1") in way and sq("A2") not in way
    assert way[sq("C1")] == reach.path(sq("C1")) == (sq("B1"), sq("C1"))
    assert path_problems(state, brann, way[sq("C1")]) == []
