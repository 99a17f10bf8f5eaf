"""Sections 1, 2 and 7 and the "Strikes" rulings: counts, ranges from the destination,
damage, own square, and strikes after all movement."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.rulesets.gladiator_arena import (
    ProblemKind,
    StrikeResult,
    Struck,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.orders import read_order
from tests.engine.gladiator_arena.helpers import hp, of, order, place, resolve


def test_one_strike_per_mpt_left_and_the_same_square_may_be_struck_again():
    """2: 'Player can strike as many times as he/she has MpT ... he/she can strike any number
    of times at same square or every strike in different square.'"""
    state = place("A human sword D4", "B elf bow D6")
    after, events = resolve(state, A=order(None, "D6", "D6", "D6"))
    assert hp(after, "B") == 7 - 6
    assert [e.result for e in of(events, Struck)] == [StrikeResult.HIT] * 3


def test_too_many_strikes_are_refused():
    """2: 'Player can strike as many times as he/she has MpT (left after he/she has moved or
    not).'"""
    state = place("A human sword D4", "B elf bow D6")
    (problem,) = validate_order(state, "A", order("D5", "D6", "D6", "D6"))
    assert problem.kind is ProblemKind.TOO_MANY_STRIKES
    assert problem.text.startswith("too many strikes")


@pytest.mark.parametrize(
    ("weapon", "reach"),
    [("axe", 1), ("sword", 2), ("spear", 3)],
)
def test_melee_range_is_a_square_area_centred_on_the_player(weapon, reach):
    """7: 'Axe: ... range 3x3 squares area centered on player; Sword: ... 5x5; Spear: ...
    7x7'; RULINGS: 'Chebyshev distance'."""
    state = place(f"A human {weapon} D4", "B elf bow H8")
    far_corner = f"{chr(ord('D') + reach)}{4 + reach}"
    beyond = f"{chr(ord('D') + reach + 1)}4"
    assert validate_order(state, "A", order(None, far_corner)) == ()
    (problem,) = validate_order(state, "A", order(None, beyond))
    assert problem.kind is ProblemKind.OUT_OF_RANGE
    assert problem.text.startswith(f"{beyond} is out of range for a")


def test_range_is_measured_from_the_square_moved_to():
    """1: 'Range: area to which player can strike, measured from the square player moves to
    or remains in during that turn'."""
    state = place("A human sword D4", "B elf bow H8")
    assert validate_order(state, "A", order("D5", "D7")) == ()
    (problem,) = validate_order(state, "A", order(None, "D7"))
    assert problem.text == "D7 is out of range for a sword (a sword reaches 2 square(s) from D4)"


def test_it_refuses_to_strike_the_square_moved_into():
    """2: 'Player can't strike the square he/she is moving into or remaining in.'"""
    state = place("A human sword D4", "B elf bow H8")
    (problem,) = validate_order(state, "A", order("D5", "D5"))
    assert problem.kind is ProblemKind.OWN_SQUARE
    (problem,) = validate_order(state, "A", order(None, "D4"))
    assert problem.kind is ProblemKind.OWN_SQUARE


def test_it_rejects_a_strike_off_the_board():
    """RULINGS: 'Squares off the board are refused.'"""
    state = place("A human sword A1", "B elf bow H8")
    (problem,) = validate_order(state, "A", order(None, "A0"))
    assert problem.kind is ProblemKind.OFF_BOARD


def test_strikes_happen_after_everyone_has_moved():
    """2: 'Striking happens always after moving of all players. ... If another player moved
    to or remained in a chosen square, that player takes damage'."""
    state = place("A human axe D4", "B human sword D6")
    after, _ = resolve(state, A=order(None, "D5"), B=order("D5"))
    assert hp(after, "B") == 4
    after, _ = resolve(state, A=order(None, "D5"), B=order(None))
    assert hp(after, "B") == 8


def test_race_modifies_melee_damage():
    """6: 'Dwarf: ... makes one extra damage over base damage of weapon'; 'Elf: ... makes one
    less damage'."""
    state = place("D dwarf axe D4", "E elf axe D5")
    after, _ = resolve(state, D=order(None, "D5"), E=order(None, "D4"))
    assert hp(after, "E") == 7 - 5
    assert hp(after, "D") == 9 - 3


def test_an_illegal_order_names_the_gladiator_the_turn_and_the_problem():
    """Contract: an illegal order raises EngineInputError naming gladiator, turn, problem."""
    state = place("A human sword D4", "B elf bow H8", turn=4)
    with pytest.raises(EngineInputError) as info:
        read_order(state, "A", {"strike": ["H8"]})
    assert info.value.field == "turns[4].A"
    assert "A on turn 5: H8 is out of range for a sword" in str(info.value)
