"""3, "Repair": damage minus the repair rate, never below zero; never after destruction."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Repaired
from tests.engine.sudden_destruction.helpers import get, of, place, plan, resolve


def test_three_damage_with_repair_one_leaves_two():
    """3: 'a player has a total of 3 damage. He has a repair rate of 1. So he subtracts from
    his damage thus: 3-1=2.'"""
    state = place("Red A1 hp=5 rep=1 damage=3", "Blue H8")
    after, events = resolve(state, [], Red=plan())
    assert get(after, "Red").damage == 2
    assert [(e.before, e.after) for e in of(events, Repaired)] == [(3, 2)]


def test_repair_never_goes_below_zero():
    """3: 'a player has suffered 1 damage in total. His repair rate is 2. After subtracting
    his repair rate, he is back to 0 damage, not -1.'"""
    state = place("Red A1 hp=5 rep=2 damage=1", "Blue H8")
    after, _ = resolve(state, [], Red=plan())
    assert get(after, "Red").damage == 0


def test_repair_comes_after_the_actions_of_the_same_round():
    """3: 'With all players actions completed for the round, each player now repairs'."""
    state = place("Red A1 acc=9", "Blue A1 hp=3 rep=1")
    after, _ = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    assert get(after, "Blue").damage == 0


def test_repair_does_not_save_a_destroyed_counter():
    """3: 'when the amount of damage reaches the number of hit points (which can only occur
    during the action phase) then - SUDDEN DESTRUCTION. The game is over for that player,
    even if he has a repair rate which would've helped him recover after the action
    phase.'"""
    state = place("Red A1 acc=9", "Blue A1 hp=1 rep=1")
    after, events = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    assert not get(after, "Blue").alive
    assert not of(events, Repaired)
