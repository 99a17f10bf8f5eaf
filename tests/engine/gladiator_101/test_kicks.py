"""Kicks: 'foot (1d3 (B), low, delay: 20) ... You can only make one "kick attack" per turn.
Kick attacks are so awkward, that they add their Delay to the Delay of all other strikes in
the attack.'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Struck
from tests.engine.gladiator_101.helpers import RULES, of, place, resolve


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


def test_trained_kick_shortens_the_delay_it_adds():
    state = place("Red E5 acc=10 feats=trained-kick", "Blue E6")
    _, events = resolve(state, {"attack": ["gladius mid", "foot low"]}, [99, 99])
    gladius, kick = of(events, Struck)
    assert (gladius.to_hit, kick.to_hit) == (60 - 25, 40 - 10)
