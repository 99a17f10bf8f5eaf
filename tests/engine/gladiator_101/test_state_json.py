"""The state as JSON: 'from_json(json.loads(json.dumps(to_json(s)))) continues to the same
log' (docs/rulesets.md, checklist 2)."""

from __future__ import annotations

import json

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import dice_for
from tests.engine.gladiator_101.helpers import RULES

FEATS = [["battle-cry", "riposte", "iron-skin"], ["guard-foil", "flurry", "second-wind"]]


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
