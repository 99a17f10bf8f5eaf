"""A GladiatorQuest turn (turn.py): frozen state and orders in, `(state, events)` out. It
changes nothing it is given, refuses dice that run out in words, and the tactics write an
order for exactly those the next turn waits for."""

from __future__ import annotations

import copy
import json
import random

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import dice_for
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.state import BoutState
from tests.engine.gladiatorquest.golden import random_bout

GQ = GladiatorQuest()


def _turns(seed: int):
    """(state before, orders, state after, events) for each turn of a random bout played by
    tactics."""
    bout = random_bout(random.Random(seed))
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    while not GQ.is_over(state) and state.turn < state.options.max_turns:
        orders = {who: GQ.tactics(state, who) for who in GQ.pending(state).who}
        after, events = GQ.apply(state, orders, dice)
        yield state, orders, after, events
        state = after


@pytest.mark.parametrize("seed", range(12))
def test_no_turn_changes_the_state_it_was_given(seed: int) -> None:
    """Every state of random bouts (spells, potions, throws, deaths, mercy) written again
    after the turn resolved from it: the same JSON as before it."""
    turns = 0
    for before, orders, _, _ in _turns(seed):
        written = json.dumps(GQ.to_json(before))
        orders_given = copy.deepcopy(orders)
        GQ.apply(before, orders, dice_for({"seed": seed}))
        assert json.dumps(GQ.to_json(before)) == written
        assert orders == orders_given
        turns += 1
    assert turns > 1


@pytest.mark.parametrize("seed", range(12))
def test_a_states_tables_are_those_of_its_fighters(seed: int) -> None:
    for _, _, state, _ in _turns(seed):
        afresh = BoutState(state.options, state.fighters)
        assert state.occupied == afresh.occupied
        assert all(state.named(f.name) is f for f in state.fighters)


def test_tactics_write_orders_for_those_pending_and_none_for_anyone_else() -> None:
    asked = refused = 0
    for seed in range(12):
        for state, _, _, _ in _turns(seed):
            pending = set(GQ.pending(state).who)
            for f in state.fighters:
                written = GQ.tactics(state, f.name)
                if f.name in pending:
                    asked += 1
                    assert written is not None
                    assert GQ.validate(state, f.name, GQ.order_json(written)) == []
                elif not state.combat or f.name not in state.fronts:
                    refused += 1
                    assert written is None, (seed, state.turn, f.name)
            assert GQ.tactics(state, "Nobody") is None
    assert asked and refused  # both kinds were seen


def test_dice_that_run_out_are_refused_in_words_and_change_nothing() -> None:
    bout = random_bout(random.Random(4))
    bout.pop("turns", None)
    state = GQ.setup(bout)
    orders = {who: GQ.tactics(state, who) for who in GQ.pending(state).who}
    before = json.dumps(GQ.to_json(state))
    with pytest.raises(EngineInputError) as refused:
        GQ.apply(state, orders, Dice.scripted([]))
    assert refused.value.field == "dice" and refused.value.message
    assert json.dumps(GQ.to_json(state)) == before
