"""The plan of a round (docs/rules/sudden-destruction.md, "The plan"): checked in words."""

from __future__ import annotations

import pytest

from arena.engine.core.ruleset import read_orders
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction import Declared, Idle, Idled, Why
from tests.engine.sudden_destruction.helpers import RULES, at, get, of, place, resolve


@pytest.fixture
def state():
    return place("Red A1 range=1", "Blue A3", "Green H8")


def test_a_full_plan_is_legal(state):
    order = {
        "tech": {"attribute": "accuracy", "level": 1},
        "actions": [{"go": "A2"}, {"fire": "Blue"}, {"wait": True}, {"close": "Green"}],
        "interrupt": "any",
        "return_fire": True,
        "evade": False,
    }
    assert RULES.validate(state, "Red", order) == []


def test_every_problem_is_named(state):
    order = {
        "tech": {"attribute": "luck", "level": 1},
        "actions": [{"fly": "A2"}, {"fire": "Nobody"}, {"close": "C3"}, {"go": "Z99"}],
        "interrupt": 3,
        "evade": "maybe",
        "colour": "red",
    }
    problems = RULES.validate(state, "Red", order)
    assert problems == [
        "colour: not part of a plan (tech, actions, interrupt, return_fire, evade)",
        "action 1: 'fly' is not move, go, close, attack, fire or wait",
        "action 2: fire at an enemy on the board or 'any'",
        "action 3: close in on an enemy on the board, not 'C3'",
        "action 4: Z99 is off the board",
        "evade: yes or no (true or false)",
        "interrupt: any, none or a counter's name",
        "tech: 'luck' is not an attribute (hit_points, movement, min_fire, max_fire, "
        "firing_rate, range, accuracy, repair, initiative)",
    ]


def test_a_plan_may_not_target_itself(state):
    assert RULES.validate(state, "Red", {"actions": [{"fire": "Red"}]}) == [
        "action 1: fire at an enemy on the board or 'any'"
    ]


def test_an_attack_names_an_enemy_on_the_board(state):
    assert RULES.validate(state, "Red", {"actions": [{"attack": "Blue"}]}) == []
    assert RULES.validate(state, "Red", {"actions": [{"attack": "C3"}, {"attack": "Red"}]}) == [
        "action 1: attack an enemy on the board, not 'C3'",
        "action 2: attack an enemy on the board, not 'Red'",
    ]


def test_an_attack_on_a_target_out_of_reach_idles_and_spends_nothing():
    """Red (movement 1) cannot bring Blue, four squares away, within its range: one step,
    then the attack stops with the reason."""
    state = place("Red A1", "Blue A5")
    after, events = resolve(state, [], Red={"actions": [{"attack": "Blue"}]})
    assert str(get(after, "Red").square) == "A2"
    assert [(e.action, e.reason) for e in of(events, Idled)] == [("attack Blue", Idle.OUT_OF_RANGE)]
    assert not of(events, Declared)


def test_a_destroyed_counter_gives_no_plan(state):
    with pytest.raises(EngineInputError, match="Nobody is not on the board"):
        read_orders(RULES, state, {"Nobody": {}})


def test_a_bad_plan_stops_the_round_naming_the_player(state):
    with pytest.raises(EngineInputError) as error:
        read_orders(RULES, state, {"Red": {"actions": [{"fire": "Red"}]}})
    assert error.value.field == "turns[0].Red"


def test_the_plan_drawn_on_the_board_walks_then_fires(state):
    """The order page draws {"move": ..., "strike": [...]}: go there, then fire at whoever
    stands on each struck square (standing reactions on)."""
    drawn = {"move": "A2", "strike": ["A3"]}
    assert RULES.validate(state, "Red", drawn) == []
    after, events = resolve(state, [0, 9], Red=drawn)
    assert at(after, "Red") == "A2"
    # In range of Blue after the step, Red's standing interrupt fires at once.
    assert [(e.name, e.why) for e in of(events, Declared)] == [("Red", Why.INTERRUPT)]
    assert not get(after, "Blue").alive


def test_a_drawn_strike_on_an_empty_square_is_refused(state):
    assert RULES.validate(state, "Red", {"strike": ["D4"]}) == ["strike: no enemy stands on D4"]
