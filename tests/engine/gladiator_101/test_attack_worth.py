"""The tactics weigh an ability on an attack already found (tactics.attack_worth): the
attack's worth in the other situation, each point of damage weighted by how close it brings
a location to 0, by the defender's hit points as they stand when it is asked."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_101.data import Height
from arena.engine.rulesets.gladiator_101.strikes import STRIKE
from arena.engine.rulesets.gladiator_101.tactics import attack_worth
from tests.engine.gladiator_101.helpers import get, place

MID = (STRIKE["gladius", Height.MID],)


def test_an_attack_is_worth_twice_as_much_at_half_the_hit_points():
    state = place("Red E5 acc=10 str=10", "Blue E6")
    red, blue = get(state, "Red"), get(state, "Blue")
    four, two = replace(blue, hp=(4,) * len(blue.hp)), replace(blue, hp=(2,) * len(blue.hp))
    at_four = attack_worth(red, four, 2, MID, focused=False)
    at_two = attack_worth(red, two, 2, MID, focused=False)
    assert at_four > 0
    assert at_two == 2 * at_four  # the same situation, asked with other hit points
    assert attack_worth(red, four, 2, MID, focused=False) == at_four


def test_no_strikes_are_worth_nothing():
    state = place("Red E5", "Blue E6")
    assert attack_worth(get(state, "Red"), get(state, "Blue"), 2, (), focused=True) == 0.0
