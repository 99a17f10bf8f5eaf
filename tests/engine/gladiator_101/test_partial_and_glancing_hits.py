"""5) 'Each strike that fails is reduced to 1 damage die (2d4 becomes 1d4), unless it failed by
more than 50, in which case it deals only 1 damage (a "glancing hit").' 6) 'No amount of
damage reduction can reduce the damage of a strike below 1.'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Result, Struck
from tests.engine.gladiator_101.helpers import hp, of, place, resolve

HEAD = ["gladius high"]  # grade 50 + 10 - 15 - 15 (galea) = 30 on the head (location die 1)


def test_a_failed_grade_rolls_one_die():
    state = place("Red E5 acc=50", "Blue E6")
    after, events = resolve(state, {"attack": HEAD}, [10, 1, 31, 4])  # one d4 only
    strike = of(events, Struck)[0]
    assert (strike.grade, strike.result, strike.dice, strike.damage) == (
        30,
        Result.PARTIAL,
        (4,),
        4,
    )
    assert hp(after, "Blue", "head") == 8 - 4


def test_failed_by_exactly_fifty_is_still_a_partial_hit():
    state = place("Red E5 acc=50", "Blue E6")
    _, events = resolve(state, {"attack": HEAD}, [10, 1, 80, 2])
    assert of(events, Struck)[0].result is Result.PARTIAL


def test_failed_by_more_than_fifty_is_a_glancing_hit_of_one():
    state = place("Red E5 acc=50", "Blue E6")
    after, events = resolve(state, {"attack": HEAD}, [10, 1, 81])  # no damage die
    strike = of(events, Struck)[0]
    assert (strike.result, strike.damage) == (Result.GLANCING, 1)
    assert hp(after, "Blue", "head") == 8 - 1


def test_damage_reduction_never_takes_a_strike_below_one():
    """A partial hit rolling a 1 against damage reduction 1 still deals 1."""
    state = place("Red E5 acc=50", "Blue E6 feats=iron-skin")
    _, events = resolve(state, {"attack": HEAD}, [10, 1, 31, 1])
    assert of(events, Struck)[0].damage == 1
