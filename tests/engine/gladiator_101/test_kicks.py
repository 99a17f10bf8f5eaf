"""Kicks: 'foot (1d3 (B), low, delay: 20) ... You can only make one "kick attack" per turn.
Kick attacks are so awkward, that they add their Delay to the Delay of all other strikes in
the attack.'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Result, Struck
from tests.engine.gladiator_101.helpers import RULES, hp, of, place, resolve


def test_a_kick_is_1d3_bludgeoning_at_low_height():
    """Alone, its delay counts in the grade only: to-hit 10 + 20 = 30; grade on the bare right
    leg 50 + 20 - 20 = 50."""
    state = place("Red E5", "Blue E6")
    _, events = resolve(state, {"attack": ["foot low"]}, [30, 2, 50, 3])
    kick = of(events, Struck)[0]
    assert (kick.to_hit, kick.location, kick.grade, kick.damage) == (30, "right leg", 50, 3)


def test_a_kick_adds_its_delay_to_every_other_strike():
    """Gladius mid and a kick: the gladius loses 15 + 20 = 35 to hit and in the grade; the
    kick its own 20."""
    state = place("Red E5 acc=10", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid", "foot low"]}, [25, 99, 1, 100, 1])
    gladius, kick = of(events, Struck)
    assert (gladius.to_hit, kick.to_hit) == (60 - 35, 40 - 20)
    assert gladius.grade == 50 + 40 - 35 - 5


def test_one_kick_a_turn():
    state = place("Red E5", "Blue E6")
    problems = RULES.validate(state, "Red", {"attack": ["foot low", "foot low"]})
    assert any("one kick" in p for p in problems)


def test_the_foot_strikes_low_only():
    state = place("Red E5", "Blue E6")
    problems = RULES.validate(state, "Red", {"attack": ["foot high"]})
    assert problems == ["foot strikes low, not high"]


def test_trained_kick_adds_a_kick_to_a_focused_attack_as_in_a_basic_attack():
    """Trained Kick: the focused strike keeps its +25 and no Delay in its to-hit, but the kick
    adds its Delay (20) to its grade; the kick itself gets no +25, and its Delay counts in its
    to-hit (two strikes) and its grade. Both at mid height: upper torso and lower torso."""
    state = place("Red E5 acc=10 feats=trained-kick", "Blue E6")
    dice = [50, 30, 1, 2, 60, 99, 3, 4, 2]  # to-hit x2, locations x2, grades x2, 2d4 + 1d3
    after, events = resolve(state, {"focus": ["gladius mid", "foot mid"]}, dice)
    gladius, kick = of(events, Struck)
    assert (gladius.focused, kick.focused) == (True, False)
    assert (gladius.to_hit, kick.to_hit) == (10 + 10 + 40 + 25, 10 + 10 + 40 - 20)
    assert (gladius.location, kick.location) == ("upper torso", "lower torso")
    assert (gladius.grade, kick.grade) == (50 + 40 - 20 - 5, 50 + 40 - 20 - 5)
    assert (gladius.result, kick.result) == (Result.FULL, Result.PARTIAL)
    assert (gladius.damage, kick.damage) == (7, 2)
    assert (hp(after, "Blue", "upper torso"), hp(after, "Blue", "lower torso")) == (16 - 7, 14 - 2)


def test_trained_kick_lets_the_kick_strike_at_mid_height_but_not_high():
    state = place("Red E5 feats=trained-kick", "Blue E6")
    assert RULES.validate(state, "Red", {"attack": ["foot mid"]}) == []
    assert RULES.validate(state, "Red", {"attack": ["foot high"]}) == [
        "foot strikes mid, low, not high"
    ]


def test_without_trained_kick_a_focused_attack_has_no_kick_beside_it():
    state = place("Red E5", "Blue E6")
    problems = RULES.validate(state, "Red", {"focus": ["gladius mid", "foot low"]})
    assert problems == ["a focused attack has one strike"]


def test_trained_kick_adds_a_kick_and_nothing_else():
    state = place("Red E5 feats=trained-kick", "Blue E6")
    why = "Trained Kick: a focused attack has one strike, and a kick beside it"
    for strikes in (["gladius mid", "shield mid"], ["gladius mid", "shield mid", "foot low"]):
        assert RULES.validate(state, "Red", {"focus": strikes}) == [why]
    assert RULES.validate(state, "Red", {"focus": ["foot mid"]}) == []


def test_with_twin_focus_too_both_strikes_are_focused():
    """Twin Focus already allows any second limb, its strikes both focused: Trained Kick then
    changes nothing in a focused attack but the kick's heights."""
    state = place("Red E5 feats=twin-focus,trained-kick", "Blue E6")
    _, events = resolve(state, {"focus": ["gladius mid", "foot low"]}, [99, 99])
    assert [(s.focused, s.to_hit) for s in of(events, Struck)] == [(True, 65), (True, 45)]


def test_the_tactics_add_the_kick_to_their_focused_attack():
    state = place("Red E5 acc=10 ref=10 str=10 feats=trained-kick", "Blue E6 acc=10 ref=10 str=10")
    order = RULES.order_json(RULES.tactics(state, "Red"))
    assert order == {"focus": ["gladius mid", "foot mid"]}
