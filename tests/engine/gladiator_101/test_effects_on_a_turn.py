"""A fighter's effects on a turn: its feats' passive effects plus its boosts running on that
turn ("lasts while the turn number is below its `until`", from its `since`), summed once for
the check numbers and the tactics (state.effects_on)."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_101.state import Boost, effects_on
from tests.engine.gladiator_101.helpers import get, place


def test_a_boost_counts_from_its_first_turn_until_it_runs_out():
    red = get(place("Red E5 feats=keen-eye", "Blue E6"), "Red")
    aimed = replace(red, boosts=(Boost("hit", 5, until=4, source="aim", since=2),))
    hit = [effects_on(aimed, turn).get("hit", 0) for turn in (1, 2, 3, 4)]
    assert hit == [4, 9, 9, 4]  # Keen Eye's +4 on every turn, the boost's +5 on turns 2-3


def test_boosts_of_one_key_add_up_and_leave_the_feats_as_they_were():
    red = get(place("Red E5 feats=keen-eye", "Blue E6"), "Red")
    boosted = replace(red, boosts=(Boost("hit", 5, until=3), Boost("hit", -2, until=3)))
    assert effects_on(boosted, 1).get("hit", 0) == 7
    assert red.traits.effects == {"hit": 4}  # the feats' own sums are shared, never changed
    assert effects_on(red, 1) == {"hit": 4}
