"""2.2: a target with the higher initiative and movement left may step out of range."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Evaded, Shot
from tests.engine.sudden_destruction.helpers import at, get, of, place, plan, resolve


def test_a_faster_target_steps_out_and_the_attack_never_happened():
    """2.2: 'If the target of an attack has a higher initiative rating and has movement
    points left, he can try, if he so chooses, to move out of range and thus avoid the
    attack altogether. (The attack has not happened and the player who had declared the
    attack has not used up any of his firing rate)'. Red's one shot is still there later."""
    state = place("Red A1 range=1 acc=9", "Blue A2 ini=1", "Green B1 hp=9")
    after, events = resolve(
        state,
        [0, 9],
        Red=plan("fire Blue, fire Green"),
        Blue=plan(evade="yes"),
        Green=plan(return_fire="no"),
    )
    (evaded,) = of(events, Evaded)
    assert (evaded.name, evaded.attacker) == ("Blue", "Red")
    assert at(after, "Blue") == "B2"  # two from A1: out of range 1
    assert [e.target for e in of(events, Shot)] == ["Green"]
    assert get(after, "Blue").damage == 0


def test_equal_initiative_cannot_step_out():
    state = place("Red A1 range=1", "Blue A2")
    _, events = resolve(state, [5], Red=plan("fire Blue"), Blue=plan(evade="yes"))
    assert not of(events, Evaded)
    assert len(of(events, Shot)) == 1


def test_no_movement_left_no_escape():
    state = place("Red A1 range=1", "Blue A3 ini=1")
    _, events = resolve(state, [5], Blue=plan("go A2", evade="yes"), Red=plan("wait, fire Blue"))
    assert not of(events, Evaded)
    assert len(of(events, Shot)) == 1


def test_stepping_out_is_the_targets_choice():
    """2.2: '... he can try, if he so chooses'."""
    state = place("Red A1 range=1", "Blue A2 ini=1")
    _, events = resolve(state, [5], Red=plan("fire Blue"), Blue=plan(evade="no"))
    assert not of(events, Evaded)


def test_the_way_out_may_take_several_steps():
    state = place("Red A1 range=2", "Blue A2 ini=1 mov=3")
    after, events = resolve(state, [], Red=plan("fire Blue"), Blue=plan(evade="yes"))
    assert of(events, Evaded)
    assert get(after, "Blue").square.manhattan(get(after, "Red").square) == 3


def test_no_way_out_within_the_movement_means_no_escape():
    state = place("Red A1 range=3", "Blue A2 ini=1")
    _, events = resolve(state, [5], Red=plan("fire Blue"), Blue=plan(evade="yes"))
    assert not of(events, Evaded)
