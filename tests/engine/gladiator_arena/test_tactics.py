"""Default tactics: the order an absent player's gladiator gets (own design, see docs)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine import play
from arena.engine.rulesets.gladiator_arena import default_order, validate_order
from tests.engine.gladiator_arena.helpers import bout, gl, order, place, sq
from tests.engine.gladiator_arena.strategies import states


def test_it_approaches_the_nearest_enemy():
    state = place("A human sword A1", "B human sword H8")
    chosen = default_order(state, "A")
    assert chosen.move in (sq("A2"), sq("B1"))


def test_it_strikes_an_enemy_in_reach_instead_of_moving():
    state = place("A dwarf axe D4", "B human sword D6")
    chosen = default_order(state, "A")
    # B can reach A from D6, so it will likely stay: hit it there.
    assert chosen.move is None or chosen.strikes
    assert chosen.strikes and all(s in (sq("D5"), sq("D6")) for s in chosen.strikes)


def test_a_bow_keeps_out_of_its_dead_zone():
    state = place("A elf bow D4", "B human axe D5")
    chosen = default_order(state, "A")
    assert chosen.move is not None


def test_a_bout_fought_by_tactics_alone_finishes():
    """'tactics': true runs the bout until it finishes (the time limit guarantees it)."""
    result = play(
        bout(
            gl("A", "human", "sword", "A1"),
            gl("B", "dwarf", "axe", "H8"),
            gl("C", "halfling", "catapult", "A8"),
            gl("D", "elf", "bow", "H1"),
            tactics=True,
        )
    )
    assert result["result"]["finished"] is True
    assert len(result["turns"]) < 60


def test_tactics_fill_in_only_for_missing_orders():
    result = play(
        bout(
            gl("A", "human", "sword", "A1"),
            gl("B", "dwarf", "axe", "H8"),
            turns=[{"A": {"move": "B1"}}],
            tactics=True,
        )
    )
    assert result["turns"][0]["gladiators"]["A"]["square"] == "B1"
    assert result["turns"][0]["gladiators"]["B"]["square"] != "H8"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_default_orders_are_always_legal(data):
    state = data.draw(states())
    for g in state.gladiators:
        if g.alive:
            assert validate_order(state, g.name, default_order(state, g.name)) == ()


def test_a_removed_gladiator_gets_no_order():
    state = place("A human sword A1", "B human sword H8")
    assert default_order(state, "nobody") == order()
