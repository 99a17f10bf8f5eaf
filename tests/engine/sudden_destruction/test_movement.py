"""2.1, "Movement": one square at a time up to the movement points; unused points are lost."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Idle, Idled, Moved
from tests.engine.sudden_destruction.helpers import RULES, at, of, place, plan, resolve


def test_movement_points_bound_the_squares_of_a_round():
    """Movement: 'The amount of squares a player can move in one round.'"""
    state = place("Red A1 mov=2", "Blue H8")
    after, events = resolve(state, [], Red=plan("go A8"))
    assert at(after, "Red") == "A3"
    assert len(of(events, Moved)) == 2


def test_unused_movement_is_lost():
    """2: 'Players cannot save movement or firing points until the next round. If not
    everything has been used up during the current round, it is lost.'"""
    state = place("Red A1", "Blue H8")
    rested, _ = resolve(state, [], Red=plan())
    after, _ = resolve(rested, [], Red=plan("go A8"))
    assert at(after, "Red") == "A2"


def test_a_move_is_one_step_and_a_step_past_the_movement_does_nothing():
    state = place("Red A1", "Blue H8")
    after, events = resolve(state, [], Red=plan("move A3, move A3"))
    assert at(after, "Red") == "A2"
    assert of(events, Idled)[0].reason is Idle.NO_MOVEMENT_LEFT


def test_close_stops_once_the_enemy_is_in_range():
    state = place("Red A1 mov=5 range=2", "Blue A6")
    after, _ = resolve(state, [], Red=plan("close Blue"))
    assert at(after, "Red") == "A4"


def test_a_move_towards_a_counter_follows_it():
    state = place("Red A1", "Blue C1 mov=2")
    after, _ = resolve(state, [], Blue=plan("go C3"), Red=plan("wait, move Blue"))
    assert at(after, "Red") == "B1"


def test_a_square_off_the_board_is_refused_in_words():
    state = place("Red A1", "Blue H8")
    assert RULES.validate(state, "Red", plan("go I9")) == ["action 1: I9 is off the board"]


def test_a_counter_with_no_movement_or_firing_left_stops():
    """2: 'Actions continue until players have used up all their movement points and firing
    rate or they do not wish to do anything else.'"""
    state = place("Red A1", "Blue H8")
    _, events = resolve(state, [], Red=plan("go A2, fire any, fire any, go A3"))
    # the step; two shots with no one in range; a step with no movement left
    assert [type(e).__name__ for e in events if getattr(e, "name", "") == "Red"] == [
        "Moved",
        "Idled",
        "Idled",
        "Idled",
    ]
