"""GladiatorQuest's `advance` (core/protocol.py's optional method, docs/decisions/
0040-speed-from-design.md): the driver hands over each state it will
never read again, so the turn is resolved on that state itself instead of a copy. It must
resolve every turn exactly as `apply` does, and `apply` must still change nothing it is given.
And its apply fills absent orders with the tactics' (`fills_absent_orders`), so the driver
leaves them to it: the same bouts as when the driver fills them first."""

from __future__ import annotations

import json
import random

import pytest

from arena.engine.core.dice import Dice
from arena.engine.core.protocol import advancing, dice_for, play_with, step_orders
from arena.engine.rulesets.gladiator_arena import GladiatorArena
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from tests.engine.gladiatorquest.test_random_bouts import _bout

GQ = GladiatorQuest()


class ApplyOnly(GladiatorQuest):
    """GladiatorQuest as a rule set without `advance`: the driver resolves it with apply."""

    advance = None


class DriverFills(GladiatorQuest):
    """GladiatorQuest as a rule set whose apply leaves absent orders out: the driver asks
    pending and plan for them first."""

    fills_absent_orders = False


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
    """What makes advance cheaper, and why only the driver may call it: the next state is the
    state handed over, with its very fighters (and tables), which the turn changed."""
    bout = _random_bout(3)
    bout.pop("turns", None)
    state, dice = GQ.setup(bout), dice_for(bout)
    orders = {who: GQ.plan(state, who) for who in GQ.pending(state).who}
    before = json.dumps(GQ.to_json(state))
    applied, _ = GQ.apply(state, orders, Dice.from_json(dice.to_json()))
    assert json.dumps(GQ.to_json(state)) == before
    assert not any(a is f for a, f in zip(applied.fighters, state.fighters, strict=True))
    fighters = state.fighters
    advanced, _ = GQ.advance(state, orders, dice)
    assert advanced is state
    assert all(a is f for a, f in zip(advanced.fighters, fighters, strict=True))
    assert advanced.by_name is state.by_name and advanced.occupied is state.occupied
    # Between turns the state carries no dice: they are the turn's, from begin to end.
    assert advanced.dice is None and applied.dice is None


@pytest.mark.parametrize("seed", range(40))
def test_absent_orders_filled_by_apply_play_the_bouts_the_driver_s_tactics_play(seed: int) -> None:
    """Random bouts, and bouts in progress whose given (empty) turns run out: the log is the
    same byte for byte whether apply or the driver works out the absent orders."""
    bout = _random_bout(seed)
    assert json.dumps(GQ.play(bout)) == json.dumps(DriverFills().play(bout))


def test_the_driver_leaves_absent_orders_to_a_rule_set_that_fills_them() -> None:
    bout = _random_bout(2)
    bout.pop("turns", None)
    state = GQ.setup(bout)
    assert step_orders(GQ, state, None, 0, True) == {}
    assert step_orders(GQ, state, {"Nobody": None}, 0, True) == {"Nobody": None}
    filled = step_orders(DriverFills(), state, None, 0, True)
    assert list(filled) == list(GQ.pending(state).who) and all(filled.values())


def test_play_with_resolves_a_rule_set_without_advance_through_apply() -> None:
    bout = _random_bout(5)
    bout.pop("turns", None)
    assert play_with(ApplyOnly(), bout) == play_with(GQ, bout)
