"""The frame of a GladiatorQuest step (docs/decisions/0040-speed-from-design.md):
what the driver asks besides the phase's own rules. `Effects` and `Record` are no
longer frozen, so nothing but their promise keeps a turn from changing one that an earlier
state shares; `advance` and `record` are the module functions themselves; `pending` shares
its answers from a cache."""

from __future__ import annotations

import json
import random

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import Need, Pending, dice_for
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.standings import record
from tests.engine.gladiatorquest.test_random_bouts import _bout

GQ = GladiatorQuest()


@pytest.mark.parametrize("seed", range(12))
def test_no_turn_changes_the_effects_or_record_of_a_state_it_was_given(seed: int) -> None:
    """Every state of random bouts (spells, potions, throws, deaths, mercy) kept and written
    again at the end: the same JSON as when it was made, although each turn's fighters share
    their effects and record with the state before until a turn puts new ones in their
    hands."""
    bout = _bout(random.Random(seed))
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    kept = []
    while not GQ.is_over(state) and state.turn < state.options.max_turns:
        kept.append((state, json.dumps(GQ.to_json(state))))
        orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
        state, _ = GQ.apply(state, orders, dice)
    assert len(kept) > 1
    assert [json.dumps(GQ.to_json(s)) for s, _ in kept] == [written for _, written in kept]
    changed = [f.name for f in state.fighters if f.record != kept[0][0].by_name[f.name].record]
    assert changed, "the bout ended with nobody's record changed: it tests nothing"


def test_pending_answers_are_equal_for_equal_line_ups_and_name_the_step() -> None:
    bout = _bout(random.Random(1))
    bout.pop("turns", None)
    first, again = GQ.pending(GQ.setup(bout)), GQ.pending(GQ.setup(bout))
    assert isinstance(first, Pending) and first == again
    assert first.need is Need.EVERYONE and first.phase == "movement"
    assert first.who == tuple(f["name"] for f in bout["gladiators"])


def test_record_is_the_standings_record_and_takes_the_state_and_events() -> None:
    bout = _bout(random.Random(2))
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
    after, events = GQ.advance(state, orders, dice)
    assert GQ.record(after, events) == record(after, events)
    assert GQ.record(after, events)["turn"] == 1


@pytest.mark.parametrize("resolve", ["apply", "advance"])
def test_dice_that_run_out_are_refused_in_words_by_apply_and_advance(resolve: str) -> None:
    bout = _bout(random.Random(4))
    bout.pop("turns", None)
    state = GQ.setup(bout)
    orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
    before = json.dumps(GQ.to_json(state))
    with pytest.raises(EngineInputError) as refused:
        getattr(GQ, resolve)(state, orders, Dice.scripted([]))
    assert refused.value.field == "dice" and refused.value.message
    if resolve == "apply":
        assert json.dumps(GQ.to_json(state)) == before
