"""Section 2 and the "Orders" rulings: one orthogonal square, the halfling's double move,
the giant's move cost."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.rulesets.gladiator_arena import (
    ProblemKind,
    destinations,
    strikes_allowed,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.data import KITS, Race, Weapon
from arena.engine.rulesets.gladiator_arena.orders import read_order
from tests.engine.gladiator_arena.helpers import at, order, place, resolve, sq


def test_a_gladiator_moves_one_square_orthogonally():
    """2: 'Player can only move one square per turn (except when playing halfling), not
    diagonally.'"""
    state = place("A human sword D4", "B human sword H8")
    after, _ = resolve(state, A=order("D5"))
    assert at(after, "A") == "D5"


def test_a_diagonal_move_is_refused():
    """2: '... not diagonally.'"""
    state = place("A human sword D4", "B human sword H8")
    problems = validate_order(state, "A", order("E5"))
    assert [p.kind for p in problems] == [ProblemKind.DIAGONAL_MOVE]
    assert "diagonal move" in problems[0].text
    with pytest.raises(EngineInputError, match="A on turn 1: E5 is a diagonal move"):
        read_order(state, "A", {"move": "E5"})


def test_a_two_square_move_is_refused_for_a_human():
    """2: 'Player can only move one square per turn (except when playing halfling)'."""
    state = place("A human sword D4", "B human sword H8")
    (problem,) = validate_order(state, "A", order("D6"))
    assert problem.kind is ProblemKind.NOT_ADJACENT
    assert problem.text.startswith("D6 is not adjacent to D4")


def test_moving_costs_one_mpt_and_leaves_the_rest_for_strikes():
    """2: 'Doing so costs one MpT; player can choose to not move and then can use that one
    MpT on striking.'"""
    state = place("A human axe D4", "B human sword H8")
    a = state.get("A")
    assert strikes_allowed(a, None) == 3
    assert strikes_allowed(a, sq("D5")) == 2


def test_a_halfling_may_move_two_squares_for_two_mpt():
    """6: 'halfling can use two MpT to move twice in one turn'; RULINGS: 'any square at
    orthogonal (Manhattan) distance 2 (cost 2; only the destination counts)'."""
    state = place("H halfling sword D4", "B human sword H8", "X human axe D5")
    assert strikes_allowed(state.get("H"), sq("E5")) == 1
    # D5 is occupied, yet the halfling's path over it does not matter: only E5 counts.
    after, _ = resolve(state, H=order("E5", "F6"))
    assert at(after, "H") == "E5"
    assert len(destinations(state, "H")) == 12


def test_a_halfling_may_not_move_three_squares():
    state = place("H halfling sword D4", "B human sword H8")
    (problem,) = validate_order(state, "H", order("D7"))
    assert problem.kind is ProblemKind.NOT_ADJACENT
    assert "two squares at most" in problem.text


def test_a_giant_moving_has_no_mpt_left_to_strike():
    """6: 'Giant: ... MpT 2, giant uses two MpT to move (one square)'."""
    state = place("G giant axe D4", "B human sword D6")
    assert strikes_allowed(state.get("G"), sq("D5")) == 0
    (problem,) = validate_order(state, "G", order("D5", "D6"))
    assert problem.kind is ProblemKind.TOO_MANY_STRIKES
    assert problem.text == (
        "too many strikes: 1 ordered, a giant with an axe has 0 strikes after moving"
    )


def test_a_move_off_the_board_is_refused():
    state = place("A human sword A1", "B human sword H8")
    (problem,) = validate_order(state, "A", order("A0"))
    assert problem.kind is ProblemKind.OFF_BOARD
    assert problem.text == "A0 is off the 8x8 board"


def test_a_missing_order_means_stay_and_no_strikes():
    """RULINGS: 'A missing order means: stay, no strikes.'"""
    state = place("A human sword D4", "B human sword E5")
    after, events = resolve(state)
    assert at(after, "A") == "D4" and at(after, "B") == "E5"
    assert after.get("A").hp == 8 and after.get("B").hp == 8
    assert events == ()


def test_ordering_ones_own_square_is_staying():
    """Own decision (docs): "Move: D4" while on D4 is read as staying, at no cost."""
    state = place("A human sword D4", "B human sword H8")
    assert validate_order(state, "A", order("D4", "D5", "D6", "E5")) == ()


def test_destinations_stay_on_the_board_rank_by_rank_from_a1():
    """2: a move is to an orthogonal neighbour, a halfling's up to two squares away; never off
    the board. Listed rank by rank from A1, file by file: the tactics break ties in this order."""
    state = place("A human sword A1", "H halfling sword H8")
    assert [str(s) for s in destinations(state, "A")] == ["B1", "A2"]
    assert [str(s) for s in destinations(state, "H")] == ["H6", "G7", "H7", "F8", "G8"]


@pytest.mark.parametrize(
    ("race", "weapon", "strikes"),
    [
        (Race.HUMAN, Weapon.AXE, (3, 2, 1)),  # one a MpT left
        (Race.GIANT, Weapon.AXE, (2, 0, 0)),  # a giant's step costs both MpT
        (Race.ELF, Weapon.BOW, (2, 1, 1)),  # a bow's strike costs 2 MpT
        (Race.HUMAN, Weapon.BOW, (1, 1, 0)),
        (Race.HALFLING, Weapon.CATAPULT, (1, 0, 0)),  # once, never after moving
    ],
)
def test_a_kit_holds_the_strikes_after_staying_one_square_or_two(race, weapon, strikes):
    """2: 'as many strikes as MpT left'; 6 and 7: what a move and a strike cost. Each kit
    holds its strikes after staying, a one-square move and a two-square move."""
    assert KITS[race, weapon].strikes == strikes
