"""Appendix, "Melee range & range rules": range counted in moves, then a line from anywhere in
your space to the target's space not through a thick line, a wall, or another enemy; the
elevation rule."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.moves import target_problem
from tests.engine.arena_of_the_elders.helpers import YARD, place, who


def problem(state, name, key, origin, target):
    f = who(state, name)
    return target_problem(state, f, f.hero.named(key), Square.parse(origin), Square.parse(target))


def test_range_is_counted_in_moves_around_walls():
    """'check if you could move your character a number of times equal to your range to the
    space the target is on': B1 to B3 is 2 squares, but the wall B1|B2 makes it 4 moves."""
    state = place("Red mira B1", "Blue vorn B3")
    assert problem(state, "Mira", "water-lash", "B1", "B3") == "B3 is out of range (3)"


def test_range_is_counted_in_moves_not_diagonals():
    state = place("Red vorn A1", "Blue brann B2")
    assert problem(state, "Vorn", "cleave", "A1", "B2") == "B2 is out of range (1)"
    assert problem(state, "Vorn", "cleave", "A2", "B2") == ""


def test_a_block_in_between_hides_the_target():
    """'... that doesn't go through a thick black line or wall': C4 is a wall square."""
    state = place("Red ignis C3", "Blue vorn C5")
    assert problem(state, "Ignis", "firebolt", "C3", "C5") == "no line of sight from C3 to C5"


def test_a_range_path_does_not_pass_through_enemies():
    """Enemies count as walls for movement, so for counting range too."""
    state = place("Red ignis A1", "Blue vorn A2", "Blue brann A3", "Blue nyx B2")
    assert problem(state, "Ignis", "firebolt", "A1", "A3") == "A3 is out of range (4)"


def test_a_thick_line_blocks_the_line_of_sight():
    """'draw a line ... that doesn't go through a thick black line'. Ignis at B1 and Vorn at B2
    are one move apart the long way round? No: B1|B2 is a wall, so the range path is 3
    (A1, A2, B2) and every line from B1 to B2 crosses the wall."""
    state = place("Red ignis B1", "Blue vorn B2")
    assert problem(state, "Ignis", "firebolt", "B1", "B2") == "no line of sight from B1 to B2"


def test_an_enemy_in_between_blocks_and_an_ally_does_not():
    """'... or another enemy character'"""
    state = place("Red ignis A1", "Blue vorn A4", "Blue brann A2")
    assert problem(state, "Ignis", "firebolt", "A1", "A4") != ""
    state = place("Red ignis A1", "Red mira A2", "Blue vorn A4")
    assert problem(state, "Ignis", "firebolt", "A1", "A4") == ""


def test_a_line_from_anywhere_in_the_space_will_do():
    """'if you can draw a line from anywhere in the space you occupy': an enemy on B2 does not
    hide C3 from A1 when a line can pass beside it."""
    state = place("Red ignis A1", "Blue vorn C2", "Blue brann B2")
    assert problem(state, "Ignis", "firebolt", "A1", "C2") != "no line of sight from A1 to C2"


def test_from_above_a_target_must_be_at_least_as_far_from_the_edge():
    """'you may only target them if they are equal or greater distance from the line that
    marks your elevation distance if you are above them'. Raised E5-F6, the edge south of
    row 5: Ossa at F6 (1 square back) sees F3 (1 square out) but not F4 (0)."""
    assert YARD.elevation(Square.parse("F6")) == 1
    state = place("Red ossa F6", "Blue vorn F3")
    assert problem(state, "Ossa", "longshot", "F6", "F3") == ""
    state = place("Red ossa F6", "Blue brann F4")
    assert problem(state, "Ossa", "longshot", "F6", "F4") == "the heights hide F4 from F6"


def test_standing_at_the_edge_sees_everything_below():
    state = place("Red ossa F5", "Blue brann F4")
    assert problem(state, "Ossa", "longshot", "F5", "F4") == ""


def test_from_below_a_target_must_be_at_most_as_far_from_the_edge():
    """'if you are less then it must be equal or less distance from the line.' Ignis at F4,
    right under the edge, sees Ossa on F5 (at the edge) but not on F6 (1 square back); from
    F2 (2 squares out) F6 is in sight."""
    state = place("Red ignis F4", "Blue ossa F5")
    assert problem(state, "Ignis", "firebolt", "F4", "F5") == ""
    state = place("Red ignis F4", "Blue ossa F6")
    assert problem(state, "Ignis", "firebolt", "F4", "F6") == "the heights hide F6 from F4"
    state = place("Red ignis F2", "Blue ossa F6")
    assert problem(state, "Ignis", "firebolt", "F2", "F6") == ""


def test_a_self_ability_needs_no_target_and_an_ally_ability_an_ally():
    """'Abilities cannot be activated unless they have a valid target.'"""
    state = place("Red mira A1", "Red vorn A3", "Blue brann H8")
    assert problem(state, "Mira", "mending-touch", "A1", "A3") == ""
    assert problem(state, "Mira", "mending-touch", "A1", "H8") == "no ally on H8"
    assert problem(state, "Mira", "water-lash", "A1", "A3") == "no enemy on A3"
