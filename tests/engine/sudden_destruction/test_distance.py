"""2.0, "Calculating Movement and Range", and RULINGS: orthogonal distance; shared squares."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Idle, Idled, Moved, Shot
from tests.engine.sudden_destruction.helpers import at, of, place, plan, resolve


def test_diagonal_neighbours_are_two_squares_apart():
    """2.0: 'if two players are diagonally adjacent to each other, they are actually two
    squares away. If one wants to attack the other, he must have a range ability of at
    least 2.'"""
    short = place("Red B2 range=1", "Blue C3")
    _, events = resolve(short, [], Red=plan("fire Blue"))
    assert of(events, Idled)[0].reason is Idle.OUT_OF_RANGE
    long = place("Red B2 range=2", "Blue C3")
    _, events = resolve(long, [5], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    assert len(of(events, Shot)) == 1


def test_reaching_a_diagonal_square_takes_two_steps_one_at_a_time():
    """2.0: 'if one wants to move into the other's square, he must have at least 2 movement
    points left and must move ONE SQUARE AT A TIME, either one square horizontally and then
    one vertically'."""
    state = place("Red B2 mov=2", "Blue C3")
    _after, events = resolve(state, [], Red=plan("go C3"))
    assert [(e.start, e.square) for e in of(events, Moved)] == [("B2", "C2"), ("C2", "C3")]
    slow = place("Red B2", "Blue C3")
    after_slow, _ = resolve(slow, [], Red=plan("go C3"))
    assert at(after_slow, "Red") == "C2"


def test_counters_may_share_a_square_and_range_zero_means_the_same_square():
    """RULINGS: 'range 0 means the same square. Counters may share a square.' Range: 'a
    player must be in the same square as another player to fire at him'."""
    state = place("Red B2", "Blue C2")
    after, events = resolve(state, [5], Red=plan("go C2, fire Blue"), Blue=plan(return_fire="no"))
    assert at(after, "Red") == at(after, "Blue") == "C2"
    assert len(of(events, Shot)) == 1
