"""Heights and hit locations: 'High: 10; Head, Upper Torso / Mid: 40; Upper Torso, Lower
Torso, Left Arm, Right Arm / Low: 20; Left Leg, Right Leg'; 4) 'Exact Hit-Locations are
determined for each that hit'; 'Your fist (1d2 (B)ludgeoning damage, high-mid, delay: 10)'."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_101.events import Struck
from tests.engine.gladiator_101.helpers import RULES, of, place, resolve


@pytest.mark.parametrize(
    ("strike", "die", "location"),
    [
        ("gladius high", 1, "head"),
        ("gladius high", 2, "upper torso"),
        ("gladius mid", 1, "upper torso"),
        ("gladius mid", 2, "lower torso"),
        ("gladius mid", 3, "left arm"),
        ("gladius mid", 4, "right arm"),
        ("gladius low", 1, "left leg"),
        ("gladius low", 2, "right leg"),
    ],
)
def test_the_location_is_a_die_within_the_height(strike, die, location):
    state = place("Red E5 acc=90", "Blue E6")
    _, events = resolve(state, {"attack": [strike]}, [50, die, 1, 1, 1])
    assert of(events, Struck)[0].location == location


def test_a_location_die_must_fit_the_height():
    """High has two locations: a d2."""
    from arena.engine.core.dice import DiceError

    state = place("Red E5 acc=90", "Blue E6")
    with pytest.raises(DiceError):
        resolve(state, {"attack": ["gladius high"]}, [50, 3])


def test_the_fist_strikes_high_and_mid_for_1d2_with_delay_10():
    state = place("Red E5", "Blue E6")
    assert RULES.validate(state, "Red", {"attack": ["fist low"]}) == [
        "fist strikes high, mid, not low"
    ]
    _, events = resolve(state, {"attack": ["fist high"]}, [20, 1, 1, 2])
    fist = of(events, Struck)[0]
    assert (fist.to_hit, fist.grade, fist.damage) == (20, 50 + 10 - 10 - 15, 2)


def test_a_miss_rolls_no_location():
    state = place("Red E5", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius high"]}, [21])
    assert of(events, Struck)[0].location == ""
