"""Focused attack: 'a "double action," meaning it requires expending 1 move action and 1
standard action ... It must be composed of only 1 strike. The strike gets a +25 modifier on its
To-Hit roll. The strike does not factor in Delay on its Damage Grade roll (or its to-hit roll,
if a feat would give a focused attack multiple strikes).'"""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.events import Struck
from tests.engine.gladiator_101.helpers import RULES, of, place, resolve


def test_a_focused_strike_gets_plus_25_to_hit_and_no_delay_in_its_grade():
    state = place("Red E5", "Blue E6")
    _, events = resolve(state, {"focus": ["gladius mid"]}, [75, 1, 85, 1, 1])
    strike = of(events, Struck)[0]
    assert strike.focused
    assert (strike.to_hit, strike.grade) == (10 + 40 + 25, 50 + 40 - 5)


def test_it_has_one_strike():
    state = place("Red E5", "Blue E6")
    problems = RULES.validate(state, "Red", {"focus": ["gladius mid", "shield mid"]})
    assert problems == ["a focused attack has one strike"]


def test_it_takes_the_move_action_too():
    state = place("Red E4", "Blue E6")
    problems = RULES.validate(state, "Red", {"move": "E5", "focus": ["gladius mid"]})
    assert "a focused attack takes the move action as well as the standard action" in problems
    problems = RULES.validate(state, "Red", {"fast": "battle-cry", "focus": ["gladius mid"]})
    assert "a focused attack takes the move action as well as the standard action" in problems


def test_twin_focus_strikes_twice_with_no_delay_at_all():
    """'(or its to-hit roll, if a feat would give a focused attack multiple strikes)'."""
    state = place("Red E5 feats=twin-focus", "Blue E6")
    _, events = resolve(state, {"focus": ["gladius mid", "foot low"]}, [99, 99])
    # 10 + 40 (mid) or 20 (low) + 25, less Twin Focus's own -10, and no Delay at all.
    assert [s.to_hit for s in of(events, Struck)] == [65, 45]
