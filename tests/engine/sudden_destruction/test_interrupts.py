"""2 and 2.2: a counter that comes into range may be attacked at once (interrupt)."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Declared, Moved, Shot, Why
from tests.engine.sudden_destruction.helpers import at, get, of, place, plan, resolve


def test_coming_into_range_draws_an_interrupt_in_the_middle_of_a_move():
    """2: 'one player can interrupt another player's movement by declaring an attack on them
    if they come within range and they have not used up their firing rate for the round
    yet.' Red, moving three squares, is shot down after the first."""
    state = place("Red A1 mov=3", "Blue A4 range=2 acc=9")
    after, events = resolve(state, [0, 9], Red=plan("go A8"), Blue=plan(interrupt="any"))
    assert of(events, Declared)[0].why is Why.INTERRUPT
    assert not get(after, "Red").alive
    assert at(after, "Red") == "A2"
    assert len(of(events, Moved)) == 1


def test_no_interrupt_without_the_standing_order():
    """2.2: 'the other player *may* immediately "interrupt"': only a plan that says so."""
    state = place("Red A1 mov=3", "Blue A4 range=2 acc=9")
    after, events = resolve(state, [], Red=plan("go A8"), Blue=plan(interrupt="none"))
    assert not of(events, Declared)
    assert at(after, "Red") == "A4"


def test_an_interrupt_may_name_its_target():
    state = place("Red A1", "Green B4", "Blue A3 range=1 acc=9")
    _after, events = resolve(
        state, [0, 9], Red=plan("go A2"), Green=plan("go B3"), Blue=plan(interrupt="Green")
    )
    assert [(e.name, e.target) for e in of(events, Declared)] == [("Blue", "Green")]


def test_no_interrupt_once_the_firing_rate_is_used():
    """2: '... and they have not used up their firing rate for the round yet.'"""
    state = place("Red A1", "Green A3 hp=9", "Blue A3 range=1")
    after, events = resolve(
        state,
        [5],
        Blue=plan("fire Green", interrupt="any"),
        Green=plan(return_fire="no"),
        Red=plan("wait, go A2"),
    )
    assert [e.target for e in of(events, Shot)] == ["Green"]
    assert at(after, "Red") == "A2"


def test_the_mover_may_interrupt_whom_it_comes_within_range_of():
    """2.2: 'Or a player may deliberately move towards another player and, when in his
    sight, declare an attack.' With the standing order it fires the moment it can."""
    state = place("Red A1 mov=2 range=1 acc=9", "Blue A4")
    after, events = resolve(state, [0, 9], Red=plan("go A8", interrupt="any"))
    assert [(e.name, e.target, e.why) for e in of(events, Declared)] == [
        ("Red", "Blue", Why.INTERRUPT)
    ]
    assert not get(after, "Blue").alive
    assert at(after, "Red") == "A3"


def test_the_interrupted_mover_may_fire_back():
    """2.2: 'The other player may also immediately respond by declaring an attack of his own
    if the initially attacking player is within his own range'."""
    state = place("Red A1 range=1 hp=9", "Blue A3 range=1 hp=9")
    _, events = resolve(state, [5, 5], Red=plan("go A2"), Blue=plan(interrupt="any"))
    assert [(e.name, e.why) for e in of(events, Declared)] == [
        ("Blue", Why.INTERRUPT),
        ("Red", Why.RETURN_FIRE),
    ]
