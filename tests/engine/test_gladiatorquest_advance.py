"""GladiatorQuest's `advance` (core/protocol.py's optional method, decisions.md "Engine speed,
fifth round: applying a turn"): the driver hands over each state it will never read again, so
the turn takes that state's fighters and tables instead of copying them. It must resolve every
turn exactly as `apply` does, and `apply` must still change nothing it is given."""

from __future__ import annotations

import json
import random

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import advancing, dice_for, play_with
from arena.engine.rulesets.gladiator_arena import GladiatorArena
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from tests.engine.test_random_bouts import _bout

GQ = GladiatorQuest()


class ApplyOnly(GladiatorQuest):
    """GladiatorQuest as a rule set without `advance`: the driver resolves it with apply."""

    advance = None


def _random_bout(seed: int) -> dict:
    return _bout(random.Random(seed))


def test_the_driver_advances_with_advance_when_a_rule_set_has_one_else_with_apply() -> None:
    assert advancing(GQ) == GQ.advance
    apply_only = ApplyOnly()
    assert advancing(apply_only) == apply_only.apply
    arena = GladiatorArena()
    assert advancing(arena) == arena.apply


@pytest.mark.parametrize("seed", range(40))
def test_advance_plays_every_bout_to_the_log_apply_gives(seed: int) -> None:
    """Random bouts of 2-8 gladiators, teams, walls, spells, throws and bodies, and bouts in
    progress whose given turns run out: the same log byte for byte."""
    bout = _random_bout(seed)
    by_advance = json.dumps(GQ.play(bout))
    assert by_advance == json.dumps(ApplyOnly().play(bout))


@pytest.mark.parametrize("seed", range(8))
def test_advance_gives_apply_s_state_and_events_at_every_turn(seed: int) -> None:
    bout = _random_bout(seed)
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    turns = 0
    while not GQ.is_over(state) and state.turn < state.options.max_turns:
        orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
        applied, applied_events = GQ.apply(state, orders, Dice.from_json(dice.to_json()))
        expected = (GQ.to_json(applied), [e.to_dict() for e in applied_events])
        state, events = GQ.advance(state, orders, dice)
        assert (GQ.to_json(state), [e.to_dict() for e in events]) == expected
        turns += 1
    assert turns > 1


def test_advance_takes_the_given_fighters_and_apply_copies_them() -> None:
    """What makes advance cheaper, and why only the driver may call it: the next state holds
    the very fighters (and tables) of the state handed over, which the turn changed."""
    bout = _random_bout(3)
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
    before = json.dumps(GQ.to_json(state))
    applied, _ = GQ.apply(state, orders, Dice.from_json(dice.to_json()))
    assert json.dumps(GQ.to_json(state)) == before
    assert not any(a is f for a, f in zip(applied.fighters, state.fighters, strict=True))
    advanced, _ = GQ.advance(state, orders, dice)
    assert all(a is f for a, f in zip(advanced.fighters, state.fighters, strict=True))
    assert advanced.by_name is state.by_name and advanced.occupied is state.occupied


def test_play_with_resolves_a_rule_set_without_advance_through_apply() -> None:
    bout = _random_bout(5)
    bout.pop("turns", None)
    assert play_with(ApplyOnly(), bout) == play_with(GQ, bout)
