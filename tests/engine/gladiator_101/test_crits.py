"""Crits: 'If you roll a 5 or less (your "crit range") on a check, that strike automatically
succeed its Damage Grade check, and ignores all non-magical damage reduction.'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Result, Struck
from tests.engine.gladiator_101.helpers import hp, of, place, resolve


def test_a_to_hit_of_five_is_a_crit_and_rolls_no_damage_grade():
    state = place("Red E5 acc=10", "Blue E6")
    after, events = resolve(state, {"attack": ["gladius mid"]}, [5, 1, 4, 4])  # no grade d100
    strike = of(events, Struck)[0]
    assert (strike.result, strike.grade, strike.damage) == (Result.CRIT, None, 8)
    assert hp(after, "Blue", "upper torso") == 16 - 8


def test_a_six_is_no_crit():
    state = place("Red E5 acc=10", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [6, 1, 1, 4, 4])
    assert of(events, Struck)[0].result is Result.FULL


def test_a_crit_ignores_damage_reduction():
    """Iron Skin is damage reduction 1 (non-magical, like all of Ludus's, and on partial hits
    only): a partial hit loses 1, a crit of the same die does not."""
    state = place("Red E5 acc=10", "Blue E6 feats=iron-skin")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [5, 1, 3, 2])
    assert of(events, Struck)[0].damage == 5
    _, events = resolve(state, {"attack": ["gladius mid"]}, [6, 1, 99, 3])
    assert of(events, Struck)[0].damage == 2


def test_the_crit_range_hits_even_below_a_check_number_of_five():
    """Ruling: the crit range is a success whatever the check number. Gladius high with a
    kick: 10 + 0 + 10 - (15 + 20) = -15, and a 3 still crits."""
    state = place("Red E5", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius high", "foot low"]}, [3, 99, 1, 2, 2])
    gladius = of(events, Struck)[0]
    assert (gladius.to_hit, gladius.result) == (-15, Result.CRIT)


def test_lucky_widens_the_crit_range():
    state = place("Red E5 feats=lucky", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [8, 1, 1, 1])
    assert of(events, Struck)[0].result is Result.CRIT
