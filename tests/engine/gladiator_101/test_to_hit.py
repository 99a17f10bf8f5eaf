"""The To-Hit check: 'Most actions require a d100 check. If the number rolled is equal to or
under the "check number," the check succeeds. ... To-Hit: 10 + your Accuracy + height mod -
weapon Delay (only if part of a multi-strike attack)'."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_101.events import Result, Struck
from tests.engine.gladiator_101.helpers import of, place, resolve

DUEL = ("Red E5 acc=10", "Blue E6")


@pytest.mark.parametrize(("roll", "result"), [(60, Result.FULL), (61, Result.MISS)])
def test_a_roll_at_or_under_the_check_number_hits(roll, result):
    """10 + Accuracy 10 + mid 40 = 60: a 60 hits, a 61 misses."""
    state = place(*DUEL)
    dice = [roll, 1, 1, 2, 3] if result is Result.FULL else [roll]
    _, events = resolve(state, {"attack": ["gladius mid"]}, dice)
    (strike,) = of(events, Struck)
    assert (strike.to_hit, strike.result) == (60, result)


@pytest.mark.parametrize(("height", "number"), [("high", 30), ("mid", 60), ("low", 40)])
def test_the_height_mod_is_added(height, number):
    """'High: 10 ... Mid: 40 ... Low: 20'."""
    state = place(*DUEL)
    _, events = resolve(state, {"attack": [f"gladius {height}"]}, [99])
    assert of(events, Struck)[0].to_hit == number


def test_a_single_strike_ignores_its_delay():
    """Delay counts 'only if part of a multi-strike attack': one gladius strike (delay 15)
    keeps the full 60."""
    state = place(*DUEL)
    _, events = resolve(state, {"attack": ["gladius mid"]}, [99])
    assert of(events, Struck)[0].to_hit == 60


def test_each_strike_of_a_multi_strike_attack_loses_its_own_delay():
    """Gladius (delay 15) and shield bash (delay 15), both mid: 60 - 15 = 45 each."""
    state = place(*DUEL)
    _, events = resolve(state, {"attack": ["gladius mid", "shield mid"]}, [99, 99])
    assert [s.to_hit for s in of(events, Struck)] == [45, 45]


def test_every_strike_rolls_its_to_hit_before_any_location():
    """Step 3, 'Make a To-Hit check ... for each strike', comes before step 4, the hit
    locations: two d100s, then the locations."""
    state = place(*DUEL)
    dice = [10, 10, 1, 2, 99, 99, 1, 1]  # to-hits, locations (d4 each), grades, one die each
    _, events = resolve(state, {"attack": ["gladius mid", "shield mid"]}, dice)
    assert [s.location for s in of(events, Struck)] == ["upper torso", "lower torso"]
