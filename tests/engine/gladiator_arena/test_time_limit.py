"""Section 8 c (time limit) as ruled: an option of the bout, on by default."""

from __future__ import annotations

import pytest

from arena.engine import play
from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_arena import (
    KillAwarded,
    KillLost,
    RemovalCause,
    Removed,
    TimeLimit,
    time_limit_applies,
)
from tests.engine.gladiator_arena.helpers import bout, gl, hp, of, order, place, resolve


def test_it_strikes_on_turn_15_and_every_third_turn_after():
    """8 c: 'Starting turn 15, every third turn all players lose 1 HP.'"""
    assert [t for t in range(1, 31) if time_limit_applies(t)] == [15, 18, 21, 24, 27, 30]


def test_everyone_still_in_the_game_loses_one_hp_after_strikes():
    """8 c: 'This damage happens after play events'."""
    state = place("A human axe D4", "B human axe D5", turn=14)
    after, events = resolve(state, A=order(None, "D5"))
    assert (hp(after, "A"), hp(after, "B")) == (7, 8 - 4 - 1)
    assert [type(e) for e in events][-2:] == [TimeLimit, TimeLimit]


def test_it_does_nothing_between_time_limit_turns():
    state = place("A human axe D4", "B human axe D6", turn=15)
    after, _ = resolve(state)
    assert (hp(after, "A"), hp(after, "B")) == (8, 8)


def test_a_gladiator_killed_by_strikes_is_not_touched_by_the_time_limit():
    """8 c: 'if player would die on time limit on same turn he/she is killed, the time limit
    rule has no effect.'"""
    state = place("A human axe D4", "B halfling axe D5", turn=14)
    after, events = resolve(state, A=order(None, "D5", "D5"))
    assert hp(after, "B") == -3
    assert after.get("B").kills == 0
    assert [e.name for e in of(events, TimeLimit)] == ["A"]


def test_dying_on_the_time_limit_loses_a_kill_and_gives_none():
    """8: 'player loses one kill(point) if dying on time limit'; RULINGS: 'gives nobody a
    kill and loses 1 kill point (kills may go negative)'."""
    state = place("A human axe D4", "B halfling axe D6", "C human axe H8", turn=17)
    weak = state.get("B")
    state = replace(
        state, gladiators=tuple(g if g is not weak else replace(g, hp=1) for g in state.gladiators)
    )
    after, events = resolve(state)
    b = after.get("B")
    assert (b.alive, b.hp, b.kills, b.removal) == (False, 0, -1, RemovalCause.TIME_LIMIT)
    assert [e.cause for e in of(events, Removed)] == [RemovalCause.TIME_LIMIT]
    assert of(events, KillLost)[0].name == "B"
    assert not of(events, KillAwarded)


@pytest.mark.parametrize(("flag", "expected"), [(True, 7), (False, 8)])
def test_the_time_limit_is_a_bout_option_on_by_default(flag, expected):
    """RULINGS: 'Time limit (an option of the bout, on by default)'."""
    turns = [{}] * 15
    options = {} if flag else {"time_limit": False}
    result = play(
        bout(gl("A", "human", "axe", "A1"), gl("B", "human", "axe", "H8"), turns=turns, **options)
    )
    assert result["turns"][-1]["gladiators"]["A"]["hp"] == expected
