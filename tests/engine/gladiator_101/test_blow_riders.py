"""What a blow sets off beyond its damage (wounds.py): Riposte on a miss; Bloodlust, Hamstring
and Sweep on a full-damage hit, never on a partial one (docs/rules/gladiator-101.md, "The
core set"). Dice: to-hit d100, location die, grade d100, damage dice."""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.combat import reflex
from arena.engine.rulesets.gladiator_101.events import Boosted, Struck
from tests.engine.gladiator_101.helpers import RULES, get, of, place, resolve


def test_riposte_a_miss_gives_the_defender_ten_to_hit_on_its_turn():
    state = place("Red E5", "Blue E6 feats=riposte")
    state, events = resolve(state, {"attack": ["gladius mid"]}, [99])
    assert [(b.name, b.feat) for b in of(events, Boosted)] == [("Blue", "Riposte")]
    _, events = resolve(state, {"attack": ["gladius mid"]}, [99])
    assert of(events, Struck)[0].to_hit == 10 + 40 + 10


def test_bloodlust_a_full_hit_gives_eight_to_hit_until_the_next_turn():
    state = place("Red E5 feats=bloodlust", "Blue E6")
    state, events = resolve(state, {"attack": ["gladius mid"]}, [10, 1, 1, 1, 1])
    assert [(b.name, b.feat) for b in of(events, Boosted)] == [("Red", "Bloodlust")]
    state, _ = resolve(state, {})
    _, events = resolve(state, {"attack": ["gladius mid"]}, [99])
    assert of(events, Struck)[0].to_hit == 10 + 40 + 8


def test_a_partial_hit_sets_off_nothing():
    state = place("Red E5 acc=50 feats=bloodlust", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid"]}, [10, 1, 99, 1])
    assert of(events, Struck)[0].result.value == "partial"
    assert of(events, Boosted) == []


def test_hamstring_a_full_hit_on_a_leg_takes_six_reflex_for_the_bout():
    state = place("Red E5 acc=50 feats=hamstring", "Blue E6 ref=10")
    after, events = resolve(state, {"attack": ["gladius low"]}, [10, 1, 1, 1, 1])
    assert [(b.name, b.feat) for b in of(events, Boosted)] == [("Blue", "Hamstring")]
    assert reflex(get(after, "Blue"), after.turn + 50) == 10 - 6


def test_sweep_a_full_kick_knocks_down_and_costs_the_next_move_action():
    state = place("Red E5 acc=50 feats=sweep", "Blue E6")
    after, events = resolve(state, {"attack": ["foot low"]}, [10, 1, 1, 1])
    assert [(b.name, b.feat) for b in of(events, Boosted)] == [("Blue", "Sweep")]
    assert RULES.validate(after, "Blue", {"move": "E8"}) == [
        "Blue was knocked down: its move action is spent getting up"
    ]
    after, _ = resolve(after, {})  # Blue gets up; on its next turn it moves again
    after, _ = resolve(after, {})
    assert RULES.validate(after, "Blue", {"move": "E8"}) == []
