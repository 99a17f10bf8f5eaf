"""Invariants over random bouts (hypothesis): random legal builds fought by tactics, or by
random legal orders; every bout ends within its turn limit, the log replays byte for byte,
hit points never rise but by a rally, the fallen give no more orders, and every order the
tactics build is legal (apply carries it out unchecked)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.core.dice import Dice
from arena.engine.rulesets.gladiator_101.feats import FEATS
from arena.engine.rulesets.gladiator_101.packs import assign
from tests.engine.gladiator_101.helpers import RULES

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLUGS = sorted(FEATS)


@st.composite
def bouts(draw):
    gladiators = []
    for name in ("Red", "Blue"):
        scores = {s: draw(st.integers(0, 20)) for s in ("accuracy", "reflex", "strength")}
        pool = draw(st.lists(st.sampled_from(SLUGS), min_size=0, max_size=8))
        gladiators.append({"name": name, "scores": scores, "feats": assign(pool, 10)})
    return {
        "ruleset": "gladiator-101",
        "seed": draw(st.integers(0, 10**6)),
        "options": {"tactics": True, "max_turns": draw(st.integers(2, 120))},
        "gladiators": gladiators,
    }


@SETTINGS
@given(bouts())
def test_every_bout_ends_and_replays_byte_for_byte(bout):
    log = play(bout)
    assert log["result"]["finished"]
    assert len(log["turns"]) <= bout["options"]["max_turns"]
    assert json.dumps(play(json.loads(json.dumps(bout)))) == json.dumps(log)


@SETTINGS
@given(bouts(), st.integers(0, 10**6))
def test_random_legal_orders_keep_the_invariants(bout, choices):
    rng = random.Random(choices)
    state = RULES.setup(bout)
    dice = Dice.seeded(bout["seed"])
    while not RULES.is_over(state):
        who = RULES.pending(state).who[0]
        me = state.get(who)
        assert me is not None and me.standing
        order = rng.choice(_candidates(state, who))
        assert RULES.validate(state, who, order) == []
        before = {f.name: f.hp for f in state.fighters}
        state, _ = RULES.apply(state, {who: RULES.read_order(state, who, order)}, dice)
        rallied = order.get("slow") in ("second-wind", "rally")
        for f in state.fighters:
            if not (rallied and f.name == who):
                assert all(a <= b for a, b in zip(f.hp, before[f.name], strict=True))
    assert state.turn <= state.options.max_turns


def _candidates(state, who):
    """Legal orders: the tactics' own, a move, an attack with each usable weapon, a focus."""
    out = [RULES.order_json(RULES.tactics(state, who)), {}]
    other = state.opponent(who)
    for raw in (
        {"attack": ["gladius mid"]},
        {"attack": ["foot low"]},
        {"attack": ["gladius high", "shield mid", "foot low"]},
        {"focus": ["gladius high"]},
        {"then": str(other.square)},
    ):
        if RULES.validate(state, who, raw) == []:
            out.append(raw)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bouts())
def test_every_tactics_order_is_legal_as_built(bout):
    """The tactics' order at every turn of a bout passes the player's check unchanged:
    read_order(order_json(o)) == o, with no problem in words; apply, which takes the
    tactics' orders as built, never carries out an order a player could not give."""
    state = RULES.setup(bout)
    dice = Dice.seeded(bout["seed"])
    while not RULES.is_over(state):
        who = RULES.pending(state).who[0]
        order = RULES.tactics(state, who)
        written = RULES.order_json(order)
        assert RULES.validate(state, who, written) == [], (state.turn, written)
        assert RULES.read_order(state, who, written) == order, (state.turn, written)
        state, _ = RULES.apply(state, {who: order}, dice)
