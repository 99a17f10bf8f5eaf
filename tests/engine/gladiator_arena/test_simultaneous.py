"""Section 3 and the "Strikes" rulings: everything resolves together."""

from __future__ import annotations

from arena.engine.rulesets.gladiator_arena import KillAwarded, RemovalCause, Removed
from tests.engine.gladiator_arena.helpers import hp, of, order, place, resolve


def test_a_gladiator_killed_this_turn_still_strikes():
    """3: 'Turns are simultaneous. All players do their moves and strikes before results of
    the turn are resolved.'; RULINGS: 'Everyone's strikes in a turn resolve, including those
    of a gladiator killed in that turn.'"""
    state = place("A dwarf axe D4", "B halfling axe D5")
    after, events = resolve(state, A=order(None, "D5"), B=order(None, "D4", "D4", "D4"))
    assert hp(after, "B") == 0 and not after.get("B").alive
    assert hp(after, "A") == 9 - 9 and not after.get("A").alive
    assert {e.name for e in of(events, Removed)} == {"A", "B"}
    assert {(e.name, e.victim) for e in of(events, KillAwarded)} == {("A", "B"), ("B", "A")}
    assert after.finished


def test_a_gladiator_at_zero_hp_is_removed():
    """1: 'when player has 0 or less HP, player is removed from game'."""
    state = place("A human axe D4", "B human axe D5")
    after, events = resolve(state, A=order(None, "D5", "D5"))
    (removed,) = of(events, Removed)
    assert (removed.name, removed.hp, removed.cause) == ("B", 0, RemovalCause.STRUCK)
    assert after.get("B").died_on_turn == 1


def test_orders_are_resolved_without_touching_the_input_state():
    """STYLE: resolve_turn(state, orders, dice) never mutates its input."""
    state = place("A human axe D4", "B human axe D5")
    before = repr(state)
    resolve(state, A=order("C4", "D5"), B=order(None, "C4"))
    assert repr(state) == before
    assert hp(state, "B") == 8
