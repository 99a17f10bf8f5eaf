"""Section 7: bow and catapult (and their rulings)."""

from __future__ import annotations

from arena.engine.rulesets.gladiator_arena import Hit, ProblemKind, Struck, validate_order
from tests.engine.gladiator_arena.helpers import hp, of, order, place, resolve


def test_a_bow_strikes_anywhere_outside_its_5x5_area():
    """7: 'Bow: damage 1 on all races, range infinite but can't strike 5x5 squares area
    centered on player'."""
    state = place("B elf bow A1", "X human axe H8", board=(26, 26))
    assert validate_order(state, "B", order(None, "Z26")) == ()
    (problem,) = validate_order(state, "B", order(None, "C3"))
    assert problem.kind is ProblemKind.TOO_CLOSE
    assert problem.text.startswith("C3 is too close for a bow")
    assert validate_order(state, "B", order(None, "D1")) == ()


def test_a_bow_uses_two_mpt_per_strike():
    """7: 'uses two MpT to strike once'; an elf (4 MpT) shoots twice, or once after a move."""
    state = place("B elf bow A1", "X human axe H8")
    assert validate_order(state, "B", order(None, "H8", "H8")) == ()
    (problem,) = validate_order(state, "B", order("A2", "H8", "H8"))
    assert problem.kind is ProblemKind.TOO_MANY_STRIKES


def test_a_bow_does_one_damage_for_every_race():
    """7: 'Bow: damage 1 on all races'."""
    state = place("G giant bow A1", "X human axe H8")
    after, _ = resolve(state, G=order(None, "H8"))
    assert hp(after, "X") == 7


def test_a_catapult_hits_the_target_for_two_and_the_eight_around_for_one():
    """7: 'Catapult: damage 2 on all races and damage 1 on all races to the (8) squares
    surrounding one player targets'."""
    state = place(
        "C giant catapult A1",
        "T human axe E5",
        "N human axe F6",
        "M human axe D4",
        "F human axe G7",
    )
    after, events = resolve(state, C=order(None, "E5"))
    assert (hp(after, "T"), hp(after, "N"), hp(after, "M"), hp(after, "F")) == (6, 7, 7, 8)
    (strike,) = of(events, Struck)
    assert strike.target == "E5"
    assert strike.hits == [
        Hit(name="T", damage=2, square="E5"),
        Hit(name="M", damage=1, square="D4"),
        Hit(name="N", damage=1, square="F6"),
    ]


def test_a_catapult_can_not_strike_its_3x3_area():
    """7: 'range infinite but can't strike 3x3 squares area centered on player'."""
    state = place("C halfling catapult D4", "X human axe E5")
    (problem,) = validate_order(state, "C", order(None, "E5"))
    assert problem.kind is ProblemKind.TOO_CLOSE
    assert validate_order(state, "C", order(None, "F6")) == ()


def test_a_catapult_strikes_once_and_never_after_moving():
    """7: 'striking with catapult spends MpT the amount player has (player can only strike
    once per turn and can't strike if moving that turn)'."""
    state = place("C halfling catapult A1", "X human axe H8")
    (problem,) = validate_order(state, "C", order(None, "H8", "H8"))
    assert problem.kind is ProblemKind.TOO_MANY_STRIKES
    (problem,) = validate_order(state, "C", order("A2", "H8"))
    assert problem.kind is ProblemKind.CATAPULT_MOVED
    assert problem.text == "a catapult can't strike in a turn it moves"


def test_a_catapult_that_tried_to_move_and_bumped_still_may_not_strike():
    """RULINGS: 'no strike in a turn in which the catapult player moves (or tries to move)'."""
    state = place("C halfling catapult A1", "X human axe A2")
    (problem,) = validate_order(state, "C", order("A2", "H8"))
    assert problem.kind is ProblemKind.CATAPULT_MOVED


def test_catapult_splash_never_hurts_the_striker():
    """RULINGS: 'never the striker itself (this covers ... catapult splash)'."""
    state = place("C halfling catapult D4", "X human axe F4", "Y human axe E6")
    # A catapult strikes only when staying and at least two squares away, so its splash
    # (E4..G6 here) can never reach its own square; the engine excludes it all the same.
    after, _ = resolve(state, C=order(None, "F5"))
    assert hp(after, "C") == 5
    assert hp(after, "X") == 7 and hp(after, "Y") == 7
