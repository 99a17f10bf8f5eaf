"""2.2, "To resolve an attack": accuracy, damage and the firing rate; RULINGS on the bands."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.sudden_destruction import Idle, Idled, Shot
from tests.engine.sudden_destruction.helpers import get, of, place, plan, resolve

QUIET = {"return_fire": "no"}  # the target does not answer: one shot to look at


def test_accuracy_zero_hits_only_on_a_zero():
    """2.2: 'If the value of the die is less than or equal to the player's accuracy ability
    ... then it is a hit'; RULINGS: 'accuracy 0 hits only on a 0'."""
    state = place("Red A1", "Blue A1 hp=9")
    _, events = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert of(events, Shot)[0].hit
    _, events = resolve(state, [1], Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert not of(events, Shot)[0].hit


@pytest.mark.parametrize(("die", "hit"), [(3, True), (4, False)])
def test_a_hit_is_a_die_at_or_under_accuracy(die, hit):
    """2.2: 'if it is greater than the accuracy ability, then it is a miss and the attack is
    over' (no damage die after a miss)."""
    state = place("Red A1 acc=3", "Blue A1 hp=9")
    script = [die, 9] if hit else [die]
    after, events = resolve(state, script, Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert of(events, Shot)[0].hit is hit
    assert get(after, "Blue").damage == (1 if hit else 0)


def test_equal_min_and_max_fire_power_is_the_damage_with_no_die():
    """2.2: 'If the min and max firing power of the attacking player is equal, then that is
    automatically the damage done'."""
    state = place("Red A1 acc=9 min=2 max=2", "Blue A1 hp=9")
    after, events = resolve(state, [0], Red=plan("fire Blue"), Blue=plan(**QUIET))
    shot = of(events, Shot)[0]
    assert (shot.damage, shot.damage_roll) == (2, None)
    assert get(after, "Blue").damage == 2


@pytest.mark.parametrize(("die", "damage"), [(0, 0), (1, 0), (2, 1), (3, 1), (8, 4), (9, 4)])
def test_fire_power_zero_to_four_reads_the_die_in_pairs(die, damage):
    """2.2: 'a minimum fire power of 0 and a maximum fire power of 4, each of the 5 possible
    damage results are given equal chance ... throwing a 0 or 1 means 0 damage, a 2 or 3
    means 1 damage and so on.'"""
    state = place("Red A1 acc=9 max=4", "Blue A1 hp=9")
    after, _ = resolve(state, [0, die], Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert get(after, "Blue").damage == damage


def test_a_count_that_does_not_divide_ten_re_rolls_past_the_last_band():
    """RULINGS: 'a d10 read in equal bands when the count divides 10, otherwise re-rolled
    until it fits'. Fire power 0-2: 0-2, 3-5, 6-8; a 9 is thrown again."""
    state = place("Red A1 acc=9 max=2", "Blue A1 hp=9")
    after, events = resolve(state, [0, 9, 9, 4], Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert of(events, Shot)[0].damage_roll == 4
    assert get(after, "Blue").damage == 1


def test_zero_damage_is_a_dud():
    """2.2: 'a damage of 0 simply means the shot was a dud. The attacker hit the target but it
    effectively didn't do any good.'"""
    state = place("Red A1", "Blue A1")
    after, events = resolve(state, [0, 4], Red=plan("fire Blue"), Blue=plan(**QUIET))
    assert "a dud" in of(events, Shot)[0].text()
    assert get(after, "Blue").alive


def test_the_firing_rate_bounds_the_shots_of_a_round():
    """Firing Rate: 'The number of times a player can attack during a round.'"""
    state = place("Red A1", "Blue A1 hp=9")
    _, events = resolve(state, [5], Red=plan("fire Blue, fire Blue"), Blue=plan(**QUIET))
    assert len(of(events, Shot)) == 1
    assert of(events, Idled)[-1].reason is Idle.NO_FIRING_LEFT
    two = place("Red A1 rate=2", "Blue A1 hp=9")
    _, events = resolve(two, [5, 5], Red=plan("fire Blue, fire Blue"), Blue=plan(**QUIET))
    assert len(of(events, Shot)) == 2


def test_a_shot_out_of_range_costs_nothing():
    """2.2: a player attacks 'if they have not used up their firing rate'; a shot that cannot
    be fired (out of range) is no attack and uses none of it."""
    state = place("Red A1", "Blue A2 hp=9")
    _, events = resolve(state, [5], Red=plan("fire Blue, go A2, fire Blue"), Blue=plan(**QUIET))
    assert of(events, Idled)[0].reason is Idle.OUT_OF_RANGE
    assert len(of(events, Shot)) == 1


def test_fire_any_takes_the_nearest_enemy_in_range():
    state = place("Red B2 range=2", "Blue B4 hp=9", "Green B3 hp=9")
    _, events = resolve(state, [5], Red=plan("fire any"), Blue=plan(**QUIET), Green=plan(**QUIET))
    assert of(events, Shot)[0].target == "Green"
