"""Phase 1, "Attempt to increase one tech level", and the RULINGS on the tech roll."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction import TechRolled
from tests.engine.sudden_destruction.helpers import RULES, get, of, place, plan, resolve


def test_two_dice_for_two_levels_and_a_two_fails_firing_rate_three():
    """1: 'a player decides to increase his initial firing rate from level 1 to level 3. Since
    3-1=2, he throws 2 dice. He throws a 4 and a 2. ... he has failed.'"""
    state = place("Red A1", "Blue H8")
    after, events = resolve(state, [4, 2], Red=plan(tech="firing rate 3"))
    (rolled,) = of(events, TechRolled)
    assert (rolled.dice, rolled.success) == ((4, 2), False)
    assert get(after, "Red").levels.firing_rate == 1


def test_initiative_one_needs_only_a_one():
    """1: 'Another player might attempt to increase his initiative from 0 to 1. He throws 1
    die. He only needs to throw a 1 or more to succeed.'"""
    state = place("Red A1", "Blue H8")
    after, events = resolve(state, [1], Red=plan(tech="initiative 1"))
    assert of(events, TechRolled)[0].success
    assert get(after, "Red").levels.initiative == 1


def test_a_zero_fails_initiative_one():
    """RULINGS: 'success only if every die shows at least L'' (a 0 is below 1)."""
    state = place("Red A1", "Blue H8")
    after, _ = resolve(state, [0], Red=plan(tech="initiative 1"))
    assert get(after, "Red").levels.initiative == 0


def test_hit_points_five_needs_four_dice_of_five_or_more():
    """1: 'trying to increase his hit points from 1 to 5. He must therefore throw 5-1=4 dice
    and every one of them must be a 5 or more.'"""
    state = place("Red A1", "Blue H8")
    after, events = resolve(state, [5, 9, 5, 6], Red=plan(tech="hit points 5"))
    assert of(events, TechRolled)[0].dice == (5, 9, 5, 6)
    assert get(after, "Red").levels.hit_points == 5
    failed, _ = resolve(state, [5, 9, 4, 6], Red=plan(tech="hit points 5"))
    assert get(failed, "Red").levels.hit_points == 1


def test_a_level_of_ten_can_never_be_reached():
    """RULINGS: 'A level of 10 or more can never be reached.'"""
    state = place("Red A1 acc=9", "Blue H8")
    problems = RULES.validate(state, "Red", plan(tech="accuracy 10"))
    assert problems == ["tech: a level of 10 or more can never be reached (accuracy 10)"]
    assert RULES.validate(state, "Red", plan(tech="hit points 10"))


def test_min_fire_power_never_exceeds_max_fire_power():
    """1: 'The tech level of Minimum Fire Power can never be greater than Maximum Fire
    Power'."""
    state = place("Red A1", "Blue H8")
    assert RULES.validate(state, "Red", plan(tech="min fire power 1")) == []
    (problem,) = RULES.validate(state, "Red", plan(tech="min fire power 2"))
    assert "min fire power can never be greater than max fire power (1)" in problem


def test_repair_rate_never_exceeds_hit_points():
    """1: 'The tech level of Repair Rate can never be greater than Hit Points'."""
    state = place("Red A1 hp=2", "Blue H8")
    assert RULES.validate(state, "Red", plan(tech="repair rate 2")) == []
    (problem,) = RULES.validate(state, "Red", plan(tech="repair rate 3"))
    assert "repair rate can never be greater than hit points (2)" in problem


def test_a_level_must_go_up():
    state = place("Red A1 acc=3", "Blue H8")
    assert RULES.validate(state, "Red", plan(tech="accuracy 3")) == [
        "tech: accuracy is already at level 3: aim above it"
    ]


def test_a_new_level_applies_at_once():
    """1: 'New technological levels are applied immediately so that they are available for
    the rest of the round.' Movement 2, won this round, moves two squares this round."""
    state = place("Red A1", "Blue H8")
    after, _ = resolve(state, [7], Red=plan("go A8", tech="movement 2"))
    assert get(after, "Red").square.row == 2  # A3


def test_one_attempt_per_round():
    """1: 'Each player can only make one attempt per round.' A plan holds one tech attempt."""
    state = place("Red A1", "Blue H8")
    twice = {"tech": [{"attribute": "accuracy", "level": 1}] * 2}
    assert RULES.validate(state, "Red", twice) == [
        'tech: {"attribute": ..., "level": ...} or nothing'
    ]


def test_attempts_go_in_initiative_order_and_only_for_those_on_the_board():
    """The dice of the tech phase are thrown in initiative order (higher first)."""
    state = place("Red A1", "Blue H8 ini=2")
    _, events = resolve(
        state, [1, 9, 9], Red=plan(tech="accuracy 1"), Blue=plan(tech="initiative 4")
    )
    assert [(e.name, e.dice) for e in of(events, TechRolled)] == [
        ("Blue", (1, 9)),
        ("Red", (9,)),
    ]
