"""The Damage Grade: 'Damage Grade: 50 + your Strength + height mod - opponent's Reflex -
weapon Delay - opponent's armor'; 5) 'Make a Full-Damage check for each strike that hit';
6) 'Each strike that succeeded both its checks deals damage equal to its damage roll'."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_101.events import Result, Struck
from tests.engine.gladiator_101.helpers import hp, of, place, resolve


def test_the_grade_is_strength_and_height_less_reflex_delay_and_armour():
    """Strength 7, mid 40, Reflex 3, gladius delay 15, the parma's 5 on the lower torso:
    50 + 7 + 40 - 3 - 15 - 5 = 74."""
    state = place("Red E5 acc=10 str=7", "Blue E6 ref=3")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [1 + 9, 2, 74, 3, 4])
    (strike,) = of(events, Struck)
    assert (strike.location, strike.grade, strike.result) == ("lower torso", 74, Result.FULL)


@pytest.mark.parametrize(("roll", "result"), [(74, Result.FULL), (75, Result.PARTIAL)])
def test_a_grade_roll_at_or_under_passes(roll, result):
    state = place("Red E5 acc=10 str=7", "Blue E6 ref=3")
    dice = [10, 2, roll, 3, 4] if result is Result.FULL else [10, 2, roll, 3]
    _, events = resolve(state, {"attack": ["gladius mid"]}, dice)
    assert of(events, Struck)[0].result is result


def test_a_full_hit_deals_the_whole_damage_roll():
    """The gladius is 2d4: 3 + 4 = 7 off the lower torso's 14."""
    state = place("Red E5 acc=10 str=7", "Blue E6 ref=3")
    after, _ = resolve(state, {"attack": ["gladius mid"]}, [10, 2, 1, 3, 4])
    assert hp(after, "Blue", "lower torso") == 14 - 7


@pytest.mark.parametrize(
    ("location_die", "location", "armour"),
    [(1, "upper torso", 5), (2, "lower torso", 5), (3, "left arm", 10), (4, "right arm", 10)],
)
def test_each_location_has_its_own_armour(location_die, location, armour):
    """The standard kit: the parma covers the left arm (10) and the torso (5), the manica the
    sword arm (10)."""
    state = place("Red E5 acc=10", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [10, location_die, 100, 1])
    strike = of(events, Struck)[0]
    assert (strike.location, strike.grade) == (location, 50 + 40 - 15 - armour)
