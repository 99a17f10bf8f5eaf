"""Appendix, "Speed", "Water rules", "Swimming rules", "Flying x rules", "Shading rules"."""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders import Fighter
from arena.engine.rulesets.arena_of_the_elders.events import Moved
from tests.engine.arena_of_the_elders.helpers import RULES, act, at, of, place, resolve


def test_a_character_moves_orthogonally_up_to_its_speed():
    """'a character can move to an adjacent space ... a number of times each turn equal to
    their speed.'"""
    state = place("Red vorn A3", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("B3 C3 D3")) == []
    assert RULES.validate(state, "Vorn", act("B3 C3 D3 E3"))[0].startswith("no movement left")
    assert RULES.validate(state, "Vorn", act("B4"))[0] == "B4 is not next to A3"
    after, _ = resolve(state, Vorn=act("B3 C3 D3"))
    assert at(after, "Vorn") == "D3"


def test_a_wall_line_blocks_a_step():
    """'an adjacent space that isn't connected to the same face of a wall as the first
    space': the line B1|B2 cannot be crossed."""
    state = place("Red vorn B1", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("B2")) == ["B1 to B2 crosses a wall"]
    assert RULES.validate(state, "Vorn", act("A1 A2 B2")) == []


def test_a_block_square_cannot_be_entered():
    state = place("Red vorn B4", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("C4")) == ["C4 is a wall"]


def test_enemies_count_as_walls():
    """'for movement purposes enemy characters count as walls'"""
    state = place("Red vorn A3", "Blue brann B3")
    assert RULES.validate(state, "Vorn", act("B3 C3")) == ["an enemy (Brann) stands on B3"]


def test_allies_can_be_passed_through_but_not_ended_on():
    """'you may move through spaces with allied characters on them but not end your
    movement on them.'"""
    state = place("Red vorn A3", "Red ignis B3", "Blue brann H8")
    after, events = resolve(state, Vorn=act("B3 C3"), Ignis=act())
    assert at(after, "Vorn") == "C3"
    state = place("Red vorn A3", "Red ignis B3", "Blue brann H8")
    after, events = resolve(state, Vorn=act("B3"), Ignis=act())
    assert at(after, "Vorn") == "A3"
    assert of(events, Moved)[0].why == "an ally stands on the last square"


def test_leaving_water_counts_as_moving_twice():
    """'When a character moves onto a water space moving off counts as moving twice.'"""
    state = place("Red vorn D2", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("E2 F2")) == []  # 1 in, 2 out of E2? no: F2 is water
    assert RULES.validate(state, "Vorn", act("E2 E1")) == []  # 1 + 2 = 3
    assert RULES.validate(state, "Vorn", act("E2 E1 F1"))[0].startswith("no movement left")


def test_a_swimmer_moves_in_water_as_on_land():
    """'this character counts movement in water tiles as if they were moving on regular
    tiles.'"""
    state = place("Red marew D2", "Blue brann H8")
    assert RULES.validate(state, "Marew", act("E2 E1 F1")) == []


def test_a_ledge_is_crossed_going_down_but_not_up():
    """Shading: 'the space that is not shaded is elevated and you can move through the line
    when moving off of the space.' E5|E4 has stairs; F5|F4 is a ledge."""
    state = place("Red vorn F4", "Blue brann H8")
    assert RULES.validate(state, "Vorn", act("F5")) == ["F4 to F5 crosses a ledge up"]
    assert RULES.validate(state, "Vorn", act("E4 E5")) == []  # the stairs
    high = place("Red vorn F5", "Blue brann H8")
    assert RULES.validate(high, "Vorn", act("F4")) == []


def test_flying_crosses_as_many_lines_as_its_number():
    """Flying x: 'this character may move over a number of lines equal to x.' Kestrel flies
    2: a wall and a ledge, not three lines."""
    state = place("Red kestrel B1", "Blue brann H8")
    assert RULES.validate(state, "Kestrel", act("B2")) == []
    ledge_and_wall = place("Red kestrel F4", "Blue brann H8")
    assert RULES.validate(ledge_and_wall, "Kestrel", act("F5")) == []
    state = place("Red kestrel C6", "Blue brann H8")
    # C6|D6 is a wall, D6|E6 a ledge up, then down and out is free: two lines.
    assert RULES.validate(state, "Kestrel", act("D6 E6 F6")) == []


def test_flying_three_lines_is_too_many_for_flying_two():
    state = place("Red kestrel B1", "Blue brann H8")
    # B1|B2 wall (1), then ... C6|D6 is far; use the wall twice: B2 -> B1 -> B2.
    assert RULES.validate(state, "Kestrel", act("B2 B1 B2"))[0] == "B1 to B2 crosses a wall"


def test_a_dead_character_is_not_waited_for_a_stunned_one_is_while_a_heal_may_come():
    state = place("Red vorn A3 alive=no respawn_in=2", "Red ignis A1", "Blue brann H8")
    assert RULES.pending(state).who == ("Ignis",)
    assert isinstance(state.get("Vorn"), Fighter)
    stunned = place("Red vorn A3 stunned=yes skipping=yes", "Red ignis A1", "Blue brann H8")
    assert RULES.pending(stunned).who == ("Vorn", "Ignis")
