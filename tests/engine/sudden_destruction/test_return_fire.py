"""2.2: attacks at about the same time. Higher initiative resolves first; equal initiative
fires simultaneously."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Destroyed, Shot
from tests.engine.sudden_destruction.helpers import get, of, place, plan, resolve


def shots(events):
    return [(e.name, e.target) for e in of(events, Shot)]


def test_the_higher_initiative_target_fires_first_and_the_attacker_dies_unfired():
    """2.2: 'this target player may also choose to stay and declare an attack of his own ...
    because his initiative is higher, his attack takes priority, even though the other
    player declared his attack first!' and 'Only if the other player is not completely
    destroyed can the other player then attack back.'"""
    state = place("Red A1 acc=9", "Blue A1 ini=1 acc=9")
    after, events = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(evade="no"))
    assert shots(events) == [("Blue", "Red")]
    assert not get(after, "Red").alive and get(after, "Blue").alive


def test_the_higher_initiative_attacker_fires_first_and_a_survivor_answers():
    """2.2: 'The player with the higher initiative resolves his attack first. Only if the
    other player is not completely destroyed can the other player then attack back.'"""
    state = place("Red A1 ini=2", "Blue A1")
    _, events = resolve(state, [5, 5], Red=plan("fire Blue"))
    assert shots(events) == [("Red", "Blue"), ("Blue", "Red")]


def test_equal_initiative_both_resolve_and_both_may_be_destroyed():
    """2.2: 'When both players have the same initiative level, then they have effectively
    both fired simultaneously. Both attacks are resolved, regardless of the outcome. It is
    possible, in this scenario, that both players simultaneously destroy each other!'"""
    state = place("Red A1 acc=9", "Blue A1 acc=9")
    after, events = resolve(state, [0, 9, 0, 9], Red=plan("fire Blue"))
    assert shots(events) == [("Red", "Blue"), ("Blue", "Red")]
    assert [e.name for e in of(events, Destroyed)] == ["Blue", "Red"]
    assert after.finished


def test_a_destroyed_counter_still_resolves_its_equal_initiative_attack():
    """2.2: 'if this player also declared an attack which is yet to be resolved, and his
    initiative is equal to the other player, then he still resolves his attack as well
    before leaving the game entirely.' Blue is destroyed first; its shot still wounds Red."""
    state = place("Red A1 acc=9 hp=3", "Blue A1 acc=9 max=2")
    after, events = resolve(state, [0, 9, 0, 8], Red=plan("fire Blue"))
    names = [(type(e).__name__, e.name) for e in events if isinstance(e, (Shot, Destroyed))]
    assert names == [("Shot", "Red"), ("Destroyed", "Blue"), ("Shot", "Blue")]
    assert get(after, "Red").damage == 2 and get(after, "Red").alive


def test_no_return_fire_out_of_range_or_when_declined():
    state = place("Red A1 range=1", "Blue A2")
    _, events = resolve(state, [5], Red=plan("fire Blue"))
    assert shots(events) == [("Red", "Blue")]
    close = place("Red A1", "Blue A1")
    _, events = resolve(close, [5], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    assert shots(events) == [("Red", "Blue")]


def test_return_fire_uses_the_firing_rate():
    state = place("Red A1 rate=2 hp=9", "Blue A1 hp=9")
    _, events = resolve(state, [5, 5, 5], Red=plan("fire Blue, fire Blue"))
    assert shots(events) == [("Red", "Blue"), ("Blue", "Red"), ("Red", "Blue")]
