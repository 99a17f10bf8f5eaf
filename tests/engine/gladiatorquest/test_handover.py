"""What GladiatorQuest hands on instead of working it out again (docs/decisions/
0040-speed-from-design.md): a turn's tables of who stands where and who is who become the
next state's, and an event's dice go into the log as they were rolled. Both must be what working
them out afresh gives, in every turn of random bouts with spells, throws, bumps and bodies. And
`plan` is asked only for the names `pending` gave (it does not check them again), while `tactics`
still answers None for anyone else."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from arena.engine.core.events import Event
from arena.engine.core.protocol import dice_for
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.orders import combat_order_json, step_order_json
from arena.engine.rulesets.gladiatorquest.state import BoutState
from tests.engine.gladiatorquest.test_random_bouts import _bout

GQ = GladiatorQuest()


def _turns(seed: int):
    """(state, events) after each turn of a random bout played by tactics."""
    bout = _bout(random.Random(seed))
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    while not GQ.is_over(state) and state.turn < state.options.max_turns:
        orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
        state, events = GQ.apply(state, orders, dice)
        yield state, events


@pytest.mark.parametrize("seed", range(12))
def test_a_turns_tables_are_the_next_states_own(seed: int) -> None:
    for state, _ in _turns(seed):
        afresh = BoutState(state.options, state.fighters)
        assert state.occupied == afresh.occupied
        assert all(state.occupied[f.square] is f for f in state.fighters if f.square)
        assert state.by_name == afresh.by_name
        assert all(state.by_name[f.name] is f for f in state.fighters)


@pytest.mark.parametrize("seed", range(12))
def test_events_log_their_rolls_as_the_generic_conversion_does(seed: int) -> None:
    kinds = set()
    for _, events in _turns(seed):
        for event in events:
            kinds.add(event.kind)
            # Event.to_dict asks every field for its value and converts each as needed: the
            # same JSON, byte for byte (keys in the same order).
            assert json.dumps(event.to_dict()) == json.dumps(Event.to_dict(event))
            for name in getattr(event, "rolls", ()):
                assert type(event.to_dict()[name]) is list
    assert "move" in kinds


def test_a_replaced_state_works_its_tables_out_for_its_own_fighters() -> None:
    state, _ = next(_turns(3))
    first = state.fighters[0]
    moved = replace(first, square=None)
    changed = replace(state, fighters=(moved, *state.fighters[1:]))
    assert changed.by_name[first.name] is moved
    assert first.square not in changed.occupied
    assert state.by_name[first.name] is first and state.occupied[first.square] is first


def test_tactics_answer_none_for_those_plan_is_never_asked_about() -> None:
    asked = refused = 0
    for seed in range(12):
        for state, _ in _turns(seed):
            if GQ.is_over(state):
                break
            pending = set(GQ.pending(state).who)
            to_json = combat_order_json if state.combat else step_order_json
            for f in state.fighters:
                written = GQ.tactics(state, f.name)
                if f.name in pending:
                    asked += 1
                    planned = GQ.plan(state, f.name)
                    assert written == (None if planned is None else to_json(planned))
                elif not state.combat or f.name not in state.fronts:
                    refused += 1
                    assert written is None, (seed, state.turn, f.name)
        assert GQ.tactics(state, "Nobody") is None
    assert asked and refused  # both kinds were seen
