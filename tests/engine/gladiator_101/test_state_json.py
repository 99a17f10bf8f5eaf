"""The state as JSON: 'from_json(json.loads(json.dumps(to_json(s)))) continues to the same
log' (docs/rulesets.md, checklist 2)."""

from __future__ import annotations

import json

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import dice_for
from tests.engine.gladiator_101.helpers import RULES

# Patient Hunter's aim is a boost that starts on a later turn: it must survive the round trip.
FEATS = [
    ["battle-cry", "riposte", "iron-skin", "patient-hunter"],
    ["guard-foil", "flurry", "second-wind"],
]


def bout(seed):
    return {
        "seed": seed,
        "options": {"tactics": True},
        "gladiators": [
            {"name": n, "scores": {"accuracy": 8, "reflex": 6, "strength": 9}, "feats": f}
            for n, f in zip(("Red", "Blue"), FEATS, strict=True)
        ],
    }


def test_a_bout_stored_after_every_turn_continues_to_the_same_log():
    for seed in range(5):
        whole = RULES.play(bout(seed))
        state = RULES.setup(bout(seed))
        dice = dice_for(bout(seed))
        records = []
        while not RULES.is_over(state):
            stored = json.loads(json.dumps({"s": RULES.to_json(state), "d": dice.to_json()}))
            state, dice = RULES.from_json(stored["s"]), Dice.from_json(stored["d"])
            assert RULES.to_json(state) == stored["s"]
            who = RULES.pending(state).who[0]
            state, events = RULES.apply(state, {who: RULES.tactics(state, who)}, dice)
            records.append(RULES.record(state, events))
        assert records == whole["turns"]
        assert RULES.result(state) == whole["result"]


def test_from_json_gives_back_the_same_state():
    state = RULES.setup(bout(1))
    assert RULES.from_json(json.loads(json.dumps(RULES.to_json(state)))) == state


def test_a_boost_stored_before_it_had_a_start_turn_still_loads():
    """States stored by version 1.0 list a boost as [key, value, until, source]."""
    data = RULES.to_json(RULES.setup(bout(1)))
    data["fighters"][0]["boosts"] = [["hit", 26, 1, "battle-cry"]]
    (boost,) = RULES.from_json(data).fighters[0].boosts
    assert (boost.key, boost.value, boost.until, boost.since) == ("hit", 26, 1, 0)
