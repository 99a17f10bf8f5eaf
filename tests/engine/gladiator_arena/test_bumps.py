"""Section 2 and the "Movement" rulings: bumps, cascades, swaps and rotations."""

from __future__ import annotations

from arena.engine.rulesets.gladiator_arena import Bumped, BumpReason, Moved
from tests.engine.gladiator_arena.helpers import at, hp, of, order, place, resolve


def reasons(events) -> dict[str, BumpReason]:
    return {e.name: e.reason for e in of(events, Bumped)}


def test_two_gladiators_entering_one_square_both_bump():
    """2: 'If two players would move to same square, they "bump" and both remain in squares
    they were; they still used the MpT.'"""
    state = place("A human sword D4", "B human sword F4")
    after, events = resolve(state, A=order("E4"), B=order("E4"))
    assert (at(after, "A"), at(after, "B")) == ("D4", "F4")
    assert reasons(events) == {"A": BumpReason.SAME_SQUARE, "B": BumpReason.SAME_SQUARE}


def test_three_gladiators_entering_one_square_all_bump():
    """RULINGS: 'Two or more gladiators moving into the same square all bump'."""
    state = place("A human sword D4", "B human sword F4", "C human sword E3")
    after, _ = resolve(state, A=order("E4"), B=order("E4"), C=order("E4"))
    assert [at(after, n) for n in "ABC"] == ["D4", "F4", "E3"]


def test_moving_into_a_gladiator_who_stays_bumps_only_the_mover():
    """2: 'Player can try to move into square where another player is. If the other player
    doesn't move ..., player gets "bumped" without affecting the other player.'"""
    state = place("A human sword D4", "B human sword D5")
    after, events = resolve(state, A=order("D5"))
    assert (at(after, "A"), at(after, "B")) == ("D4", "D5")
    assert reasons(events) == {"A": BumpReason.OCCUPIED}


def test_following_a_gladiator_who_moves_away_succeeds():
    """2, by implication: the square is free once its occupant has moved on."""
    state = place("A human sword D4", "B human sword D5")
    after, _ = resolve(state, A=order("D5"), B=order("D6"))
    assert (at(after, "A"), at(after, "B")) == ("D5", "D6")


def test_bumps_cascade_down_a_line():
    """2: '(or is "bumped" back)'; RULINGS: 'Bumps cascade until nothing changes.'"""
    # C and X collide on D7; B, following C, meets C bumped back; A, following B, bumps too.
    state = place("A human sword D4", "B human sword D5", "C human sword D6", "X human sword E7")
    after, events = resolve(state, A=order("D5"), B=order("D6"), C=order("D7"), X=order("D7"))
    assert [at(after, n) for n in "ABCX"] == ["D4", "D5", "D6", "E7"]
    assert reasons(events) == {
        "A": BumpReason.OCCUPIED,
        "B": BumpReason.OCCUPIED,
        "C": BumpReason.SAME_SQUARE,
        "X": BumpReason.SAME_SQUARE,
    }


def test_two_gladiators_swapping_squares_both_bump():
    """RULINGS: 'Two gladiators swapping squares both bump (they meet in between).'"""
    state = place("A human sword D4", "B human sword D5")
    after, events = resolve(state, A=order("D5"), B=order("D4"))
    assert (at(after, "A"), at(after, "B")) == ("D4", "D5")
    assert reasons(events) == {"A": BumpReason.SWAP, "B": BumpReason.SWAP}


def test_a_rotation_of_four_succeeds():
    """RULINGS: 'A rotation of three or more gladiators, each moving into the next one's
    square, succeeds.'"""
    state = place("A human sword D4", "B human sword D5", "C human sword E5", "D human sword E4")
    after, events = resolve(state, A=order("D5"), B=order("E5"), C=order("E4"), D=order("D4"))
    assert [at(after, n) for n in "ABCD"] == ["D5", "E5", "E4", "D4"]
    assert len(of(events, Moved)) == 4 and not of(events, Bumped)


def test_a_rotation_of_three_with_a_halfling_succeeds():
    """RULINGS: 'A rotation of three or more ... succeeds' (a halfling's double move counts
    by its destination)."""
    state = place("H halfling axe D4", "C human sword E5", "D human sword E4")
    after, _ = resolve(state, H=order("E5"), C=order("E4"), D=order("D4"))
    assert [at(after, n) for n in "HCD"] == ["E5", "E4", "D4"]


def test_a_bumped_halfling_returns_to_where_it_started():
    """2: 'If halfling is "bumped" after moving two squares, the player returns to the square
    he/she was in after previous turn.'"""
    state = place("H halfling sword D4", "B human sword D6")
    after, events = resolve(state, H=order("D6"))
    assert at(after, "H") == "D4"
    assert reasons(events) == {"H": BumpReason.OCCUPIED}


def test_a_bumped_gladiator_strikes_from_the_square_it_tried_to_enter():
    """2: 'If players "bump", they are considered to have temporarily been in the square they
    tried to enter and did their strikes from that square, meaning they attacked the squares
    they chose, despite it might not be possible from the square they were returned to.'"""
    # A (axe, reach 1) tries D5 and strikes D6: two squares from D4, one from D5.
    state = place("A human axe D4", "B human sword D5", "C human sword D6")
    after, _ = resolve(state, A=order("D5", "D6", "D6"))
    assert at(after, "A") == "D4"
    assert hp(after, "C") == 0


def test_a_bumped_gladiator_is_not_hit_on_the_square_it_tried():
    """2: 'Players do not take damage if the square they "bumped" in was struck, only when
    there was an attack on square they remained/returned to.'"""
    state = place("A human sword D4", "B human sword F4", "C human axe E5")
    after, _ = resolve(state, A=order("E4"), B=order("E4"), C=order(None, "E4", "D4"))
    assert hp(after, "A") == 4
    assert hp(after, "B") == 8


def test_a_bumped_gladiator_does_not_hurt_itself_on_its_own_square():
    """2: 'Player doesn't damage himself/herself if striking the square he/she was and got
    "bumped" back.'"""
    state = place("A human sword D4", "B human sword D5")
    after, _ = resolve(state, A=order("D5", "D4", "D4"))
    assert hp(after, "A") == 8
