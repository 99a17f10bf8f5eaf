"""1) 'Choose how many weapons you are striking with. You cannot make more than one strike with
weapons in the same limb (your head is considered a limb).'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Struck
from tests.engine.gladiator_101.helpers import RULES, hurt, of, place, resolve


def test_one_strike_per_limb():
    state = place("Red E5", "Blue E6")
    assert (
        RULES.validate(state, "Red", {"attack": ["gladius mid", "shield high", "foot low"]}) == []
    )
    problems = RULES.validate(state, "Red", {"attack": ["shield mid", "fist mid"]})
    assert any("same limb" in p for p in problems)
    problems = RULES.validate(state, "Red", {"attack": ["gladius mid", "gladius high"]})
    assert any("same limb" in p for p in problems)


def test_the_head_strikes_only_with_headbutt():
    state = place("Red E5", "Blue E6")
    assert RULES.validate(state, "Red", {"attack": ["head high"]}) == [
        "head: cannot strike (needs Headbutt)"
    ]
    state = place("Red E5 feats=headbutt", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid", "head high"]}, [99, 99])
    assert [s.weapon for s in of(events, Struck)] == ["gladius", "head"]


def test_flurry_lets_the_gladius_strike_twice():
    state = place("Red E5 feats=flurry", "Blue E6")
    assert RULES.validate(state, "Red", {"attack": ["gladius mid", "gladius high"]}) == []


def test_an_arm_at_zero_strikes_no_more():
    state = hurt(place("Red E5", "Blue E6"), "Red", right_arm=0)
    assert RULES.validate(state, "Red", {"attack": ["gladius mid"]}) == [
        "gladius: cannot strike (its limb is at 0 hit points)"
    ]
