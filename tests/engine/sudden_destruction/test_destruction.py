"""2.2 and 3: SUDDEN DESTRUCTION the moment damage reaches hit points; armour plates."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import Destroyed, Moved, Shot
from tests.engine.sudden_destruction.helpers import get, of, place, plan, resolve


def test_damage_reaching_hit_points_destroys_at_once():
    """Hit points: 'when the total amount of damage taken is at least equal to the hit
    points, the player has lost and is out of the game.'"""
    state = place("Red A1 acc=9", "Blue A1 hp=3 damage=2")
    after, events = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    (destroyed,) = of(events, Destroyed)
    assert (destroyed.name, destroyed.by, destroyed.round) == ("Blue", "Red", 1)
    assert get(after, "Blue").destroyed_in == 1


def test_damage_below_hit_points_leaves_it_on_the_board():
    state = place("Red A1 acc=9", "Blue A1 hp=3 damage=1")
    after, _ = resolve(state, [0, 9], Red=plan("fire Blue"), Blue=plan(return_fire="no"))
    assert get(after, "Blue").alive and get(after, "Blue").damage == 2


def test_a_destroyed_counter_does_nothing_more_that_round():
    """Winning: 'Players have lost the game the moment their damage level reaches their hit
    points level'. Blue's planned move never happens."""
    state = place("Red A1 acc=9 ini=1", "Blue A1 mov=2")
    after, events = resolve(
        state, [0, 9], Red=plan("fire Blue"), Blue=plan("wait, go H8", return_fire="no")
    )
    assert not [e for e in of(events, Moved) if e.name == "Blue"]
    assert str(get(after, "Blue").square) == "A1"


def test_partial_damage_does_not_slow_a_counter():
    """3: 'Partial damage never affects any of the players' abilities. For instance, it
    doesn't cut down the movement points allowed or affect firing power etc.'"""
    state = place("Red A1 mov=3 hp=5 damage=4", "Blue H8")
    after, _ = resolve(state, [], Red=plan("go A8"))
    assert str(get(after, "Red").square) == "A4"


def test_an_armour_plate_absorbs_one_point_once():
    """Ludus's armoury (docs "In a campaign"): a plate takes one point of damage, then is
    gone."""
    state = place("Red A1 acc=9 min=1 max=1 rate=2", "Blue A1 armour=1 hp=2")
    after, events = resolve(
        state, [0, 0], Red=plan("fire Blue, fire Blue"), Blue=plan(return_fire="no")
    )
    first, second = of(events, Shot)
    assert (first.damage, first.absorbed, second.damage, second.absorbed) == (0, 1, 1, 0)
    blue = get(after, "Blue")
    assert (blue.armour, blue.plates_used, blue.damage, blue.alive) == (0, 1, 1, True)
