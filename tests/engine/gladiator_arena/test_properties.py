"""Invariants over random legal orders for 2 to 8 gladiators on random boards."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.core.board import Square
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_arena import (
    Bumped,
    KillAwarded,
    KillReason,
    Moved,
    Order,
    RemovalCause,
    Removed,
    Struck,
    resolve_turn,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.orders import order_to_json, read_order
from tests.engine.gladiator_arena.strategies import states, turn_orders

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run_bout(data, turns: int):
    state = data.draw(states())
    history = []
    for _ in range(turns):
        if state.finished:
            break
        orders = data.draw(turn_orders(state))
        after, events = resolve_turn(state, orders)
        history.append((state, orders, after, events))
        state = after
    return history


@SETTINGS
@given(data=st.data())
def test_no_two_living_gladiators_share_a_square(data):
    for _, _, after, _ in run_bout(data, 12):
        squares = [g.square for g in after.gladiators if g.alive]
        assert len(squares) == len(set(squares))
        assert all(after.board.contains(s) for s in squares)


@SETTINGS
@given(data=st.data())
def test_hp_never_rises_and_kills_only_change_on_removals(data):
    for before, _, after, _ in run_bout(data, 12):
        for old, new in zip(before.gladiators, after.gladiators, strict=True):
            assert new.hp <= old.hp
            assert new.damage_dealt >= old.damage_dealt
            if not old.alive:
                assert new == old


@SETTINGS
@given(data=st.data())
def test_a_removed_gladiator_never_acts(data):
    removed: set[str] = set()
    for before, _, after, events in run_bout(data, 12):
        actors = {e.name for e in events if isinstance(e, (Moved, Bumped, Struck))}
        assert not actors & removed
        assert removed == {g.name for g in before.gladiators if not g.alive}
        removed = {g.name for g in after.gladiators if not g.alive}


@SETTINGS
@given(data=st.data())
def test_every_kill_is_shared_among_those_who_struck_the_victim(data):
    for _, _, _, events in run_bout(data, 12):
        hitters: dict[str, set[str]] = {}
        for e in events:
            if isinstance(e, Struck):
                for hit in e.hits:
                    hitters.setdefault(hit.name, set()).add(e.name)
        struck_down = {
            e.name for e in events if isinstance(e, Removed) and e.cause is RemovalCause.STRUCK
        }
        shares: dict[str, Fraction] = {}
        for e in events:
            if isinstance(e, KillAwarded) and e.reason is not KillReason.CONCESSION:
                assert e.name in hitters.get(e.victim, set())
                assert e.name != e.victim
                shares[e.victim] = shares.get(e.victim, Fraction(0)) + Fraction(e.share)
        assert set(shares) == struck_down
        assert all(total == 1 for total in shares.values())


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_replay_reproduces_the_log_byte_for_byte(data):
    history = run_bout(data, 10)
    if not history:
        return
    first = history[0][0]
    raw = {
        "ruleset": "gladiator-arena",
        "options": {
            "board": [first.board.width, first.board.height],
            "time_limit": first.options.time_limit,
        },
        "gladiators": [
            {
                "name": g.name,
                "race": g.race.value,
                "weapon": g.weapon.value,
                "square": str(g.square),
            }
            for g in first.gladiators
        ],
        "turns": [
            {
                name: {
                    **({"move": str(o.move)} if o.move else {}),
                    "strike": [str(s) for s in o.strikes],
                }
                for name, o in orders.items()
            }
            for _, orders, _, _ in history
        ],
    }
    text = json.dumps(raw)
    once = json.dumps(play(json.loads(text)))
    twice = json.dumps(play(json.loads(text)))
    assert once == twice
    log = json.loads(once)
    assert len(log["turns"]) == len(history)
    for record, (_, _, after, events) in zip(log["turns"], history, strict=True):
        assert record["events"] == [e.to_dict() for e in events]
        assert record["gladiators"] == {
            g.name: {"square": str(g.square), "hp": g.hp, "alive": g.alive}
            for g in after.gladiators
        }


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_an_order_is_read_exactly_when_the_validator_finds_no_problem(data):
    """read_order reads an order (JSON) validate_order finds no problem with, which the turn
    then resolves, and refuses (in the validator's words) any other. Squares are those JSON
    can name, on the board or off it."""
    state = data.draw(states())
    g = data.draw(st.sampled_from(state.gladiators))
    near = st.builds(
        Square,
        st.integers(max(0, g.square.col - 3), g.square.col + 3),
        st.integers(max(0, g.square.row - 3), g.square.row + 3),
    )
    anywhere = st.builds(Square, st.integers(0, 11), st.integers(0, 11))
    move = data.draw(st.one_of(st.none(), near))
    strikes = tuple(data.draw(st.lists(st.one_of(near, anywhere), max_size=5)))
    candidate = Order(move=move, strikes=strikes)
    problems = validate_order(state, g.name, candidate)
    if problems:
        with pytest.raises(EngineInputError, match=re.escape(problems[0].text)):
            read_order(state, g.name, order_to_json(candidate))
    else:
        read = read_order(state, g.name, order_to_json(candidate))
        assert read == candidate
        after, _ = resolve_turn(state, {g.name: read})
        assert after.turn == state.turn + 1
