"""Invariants over random bouts: 2-4 counters on random boards at random legal levels, each
round's plans drawn at random (legal) or written by the tactics."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.sudden_destruction import ATTRIBUTES, Shot
from arena.engine.rulesets.sudden_destruction.data import MAX_LEVEL, level_problems, raise_problem
from arena.engine.rulesets.sudden_destruction.setup import SETTINGS as TACTIC_CHOICES
from tests.engine.sudden_destruction.helpers import RULES

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def levels(draw):
    out = {a: draw(st.integers(0, MAX_LEVEL)) for a in ATTRIBUTES}
    out["hit_points"] = max(1, out["hit_points"])
    out["min_fire"] = min(out["min_fire"], out["max_fire"])
    out["repair"] = min(out["repair"], out["hit_points"])
    # Mostly low levels, as in a bout's first rounds, so that fights happen and end.
    if draw(st.booleans()):
        out = {a: min(v, 2) for a, v in out.items()}
        out["min_fire"] = min(out["min_fire"], out["max_fire"])
        out["hit_points"] = max(1, out["hit_points"])
        out["repair"] = min(out["repair"], out["hit_points"])
    return out


@st.composite
def bouts(draw):
    count = draw(st.integers(2, 4))
    width, height = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    gladiators = []
    for i in range(count):
        entry = {"name": f"M{i}", "levels": draw(levels()), "armour": draw(st.integers(0, 2))}
        entry["tactics"] = {k: draw(st.sampled_from(v)) for k, v in TACTIC_CHOICES.items()}
        if draw(st.booleans()):
            entry["square"] = (
                f"{chr(65 + draw(st.integers(0, width - 1)))}{draw(st.integers(1, height))}"
            )
        gladiators.append(entry)
    return {
        "ruleset": "sudden-destruction",
        "seed": draw(st.integers(0, 2**32)),
        "options": {"board": [width, height], "max_rounds": draw(st.integers(1, 25))},
        "gladiators": gladiators,
    }


def random_plan(state, who, rng: random.Random) -> dict:
    me = state.get(who)
    enemies = [m.name for m in state.living if m.name != who]
    tech = None
    attribute = rng.choice(ATTRIBUTES)
    target = me.levels.get(attribute) + rng.randint(1, 3)
    if rng.random() < 0.7 and raise_problem(me.levels, attribute, target) is None:
        tech = {"attribute": attribute, "level": target}
    actions = []
    for _ in range(rng.randint(0, 8)):
        verb = rng.choice(["move", "go", "close", "fire", "fire", "wait"])
        if verb == "wait":
            actions.append({"wait": True})
        elif verb == "fire":
            actions.append({"fire": rng.choice([*enemies, "any"])})
        elif verb == "close":
            actions.append({"close": rng.choice(enemies)})
        else:
            square = str(
                Square(rng.randrange(state.options.width), rng.randrange(state.options.height))
            )
            actions.append({verb: rng.choice([square, *enemies])})
    return {
        "tech": tech,
        "actions": actions,
        "interrupt": rng.choice(["any", "none", *enemies]),
        "return_fire": rng.random() < 0.8,
        "evade": rng.random() < 0.5,
    }


def play_out(bout, rng):
    """Step by step, random plans for some, tactics for the rest. Yields (before, orders,
    after, events) and checks the state's JSON round trip at every step."""
    state, dice = RULES.setup(bout), dice_for(bout)
    turns = []
    while not state.finished:
        data = json.loads(json.dumps(RULES.to_json(state)))
        assert RULES.from_json(data) == state
        dice = Dice.from_json(json.loads(json.dumps(dice.to_json())))
        orders = {}
        for who in RULES.pending(state).who:
            if rng.random() < 0.5:
                plan = random_plan(state, who, rng)
            else:
                plan = RULES.order_json(RULES.tactics(state, who))
            assert RULES.validate(state, who, plan) == []
            orders[who] = plan
        after, events = RULES.apply(state, read_orders(RULES, state, orders), dice)
        turns.append(orders)
        yield state, orders, after, events
        state = after
    assert RULES.from_json(json.loads(json.dumps(RULES.to_json(state)))) == state
    bout["turns"] = turns


@SETTINGS
@given(bout=bouts(), plan_seed=st.integers(0, 10**6))
def test_damage_is_never_negative_and_levels_keep_their_limits(bout, plan_seed):
    for _, _, after, events in play_out(bout, random.Random(plan_seed)):
        for m in after.machines:
            assert m.damage >= 0 and m.armour >= 0
            assert level_problems(m.levels.to_json()) == []
            assert m.alive == (m.destroyed_in == 0)
            if m.alive:
                assert m.damage < m.levels.hit_points
        assert all(e.damage >= 0 and e.absorbed >= 0 for e in events if isinstance(e, Shot))


@SETTINGS
@given(bout=bouts(), plan_seed=st.integers(0, 10**6))
def test_the_destroyed_never_act_again_and_every_bout_ends(bout, plan_seed):
    rounds = 0
    for before, _, after, events in play_out(bout, random.Random(plan_seed)):
        rounds += 1
        gone = {m.name for m in before.machines if not m.alive}
        assert not [e for e in events if getattr(e, "name", None) in gone]
        for old, new in zip(before.machines, after.machines, strict=True):
            if not old.alive:
                assert new == old
    assert rounds <= bout["options"]["max_rounds"]


@SETTINGS
@given(bout=bouts(), plan_seed=st.integers(0, 10**6))
def test_a_replay_is_identical(bout, plan_seed):
    for _ in play_out(bout, random.Random(plan_seed)):
        pass
    log = play(bout)
    assert log["result"]["finished"]
    assert play(json.loads(json.dumps(bout))) == log
    assert json.loads(json.dumps(log)) == log
