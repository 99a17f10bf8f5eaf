"""Fight to the death ('they are pitted against another in a round of fight-to-the-death'):
Ludus's rulings on how a gladiator falls (docs/rules/gladiator-101.md, "Knocked out or
dead"), and the turn limit that makes every bout end."""

from __future__ import annotations

from arena.engine.core.protocol import Fate
from arena.engine.rulesets.gladiator_101.events import Ended, Fell
from tests.engine.gladiator_101.helpers import RULES, get, hp, hurt, of, place, resolve


def test_an_edged_blow_that_takes_a_vital_location_to_zero_kills():
    state = hurt(place("Red E5 acc=50", "Blue E6"), "Blue", upper_torso=2)
    after, events = resolve(state, {"attack": ["gladius mid"]}, [10, 1, 1, 1, 1])
    assert get(after, "Blue").fate is Fate.DEAD
    assert of(events, Fell)[0].fate == "killed"
    assert of(events, Ended)[0].winner == "Red"
    assert RULES.is_over(after)


def test_a_blunt_blow_knocks_out():
    state = hurt(place("Red E5 acc=50", "Blue E6"), "Blue", head=1)
    after, events = resolve(state, {"attack": ["shield high"]}, [10, 1, 1, 1])
    assert get(after, "Blue").fate is Fate.DEFEATED
    assert of(events, Fell)[0].fate == "knocked out"


def test_damage_past_a_limb_passes_to_its_torso():
    state = hurt(place("Red E5 acc=50", "Blue E6"), "Blue", left_leg=1)
    after, _ = resolve(state, {"attack": ["gladius low"]}, [10, 1, 1, 4, 4])
    assert (hp(after, "Blue", "left leg"), hp(after, "Blue", "lower torso")) == (0, 14 - 7)


def test_at_the_turn_limit_the_larger_share_of_hit_points_wins_on_points():
    state = hurt(place("Red E5", "Blue E6", max_turns=1), "Blue", head=1)
    after, events = resolve(state, {})
    assert of(events, Ended)[0].winner == "Red"
    assert get(after, "Blue").fate is Fate.DEFEATED
    assert [s.place for s in RULES.standings(after)] == [1, 2]


def test_equal_hit_points_at_the_limit_are_a_draw():
    after, events = resolve(place("Red E5", "Blue E6", max_turns=1), {})
    assert of(events, Ended)[0].winner == ""
    assert [s.place for s in RULES.standings(after)] == [1, 1]


def test_last_stand_keeps_a_gladiator_up_once():
    state = hurt(place("Red E5 acc=50", "Blue E6 feats=last-stand"), "Blue", upper_torso=2)
    after, _ = resolve(state, {"attack": ["gladius mid"]}, [10, 1, 1, 1, 1])
    assert get(after, "Blue").standing and hp(after, "Blue", "upper torso") == 1
