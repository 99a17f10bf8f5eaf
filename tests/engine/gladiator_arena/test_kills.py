"""Section 8 b as ruled: who is awarded a kill, in exact fractions."""

from __future__ import annotations

from fractions import Fraction

from arena.engine.core.records import replace
from arena.engine.rulesets.gladiator_arena import KillAwarded, KillReason
from tests.engine.gladiator_arena.helpers import of, order, place, resolve


def kills(state) -> dict[str, Fraction]:
    return {g.name: g.kills for g in state.gladiators if g.kills}


def test_a_single_killer_gets_one_kill():
    """8 b: 'A kill is defined as successful strike ... that removes another player'."""
    state = place("A human axe D4", "V halfling sword D5")
    after, events = resolve(state, A=order(None, "D5", "D5"))
    assert kills(after) == {"A": 1}
    assert of(events, KillAwarded)[0].reason is KillReason.ALONE


def test_two_who_would_each_have_killed_alone_get_half_each():
    """8 b: 'if both would've individually killed the third, both are awarded half kill'."""
    state = place("A human axe D4", "B human axe F4", "V halfling sword E4")
    after, _ = resolve(state, A=order(None, "E4", "E4"), B=order(None, "E4", "E4"))
    assert kills(after) == {"A": Fraction(1, 2), "B": Fraction(1, 2)}


def test_three_who_would_each_have_killed_alone_get_a_third_each():
    """8 b: '(if more players are involved, 1/3, 1/4 etc.)'."""
    state = place("A human axe D4", "B human axe F4", "C human axe E3", "V halfling sword E4")
    after, _ = resolve(
        state,
        A=order(None, "E4", "E4"),
        B=order(None, "E4", "E4"),
        C=order(None, "E4", "E4"),
    )
    assert kills(after) == {n: Fraction(1, 3) for n in "ABC"}


def test_a_helper_who_would_not_have_killed_alone_gets_nothing():
    """8 b: 'if one (or more) player(s) wouldn't have caused kill on his/her own, that player
    is not awarded (partial) kill'."""
    state = place("A human axe D4", "B human spear G4", "V halfling sword E4")
    after, _ = resolve(state, A=order(None, "E4", "E4"), B=order(None, "E4"))
    assert kills(after) == {"A": 1}


def test_when_nobody_would_have_killed_alone_the_most_damage_takes_it():
    """8 b: 'if none of the players would've killed alone, kill is awarded to player(s) who
    did most damage'."""
    state = place("A human axe D4", "B human sword F4", "V human sword E4")
    # V has 8 HP: A deals 4, B deals 3 x 2 = 6; together 10, neither alone.
    after, events = resolve(state, A=order(None, "E4"), B=order(None, "E4", "E4", "E4"))
    assert after.get("V").hp == -2
    assert kills(after) == {"B": 1}
    assert [e.reason for e in of(events, KillAwarded)] == [KillReason.MOST_DAMAGE]


def test_a_tie_for_most_damage_divides_the_kill():
    """8 b: 'if there are more than one such player, the kill is divided between them.'"""
    # V has 5 HP; two elves with swords deal 1 a strike, 3 strikes each: 3 + 3, neither alone.
    state = place("A elf sword D4", "B elf sword F4", "V halfling sword E4")
    after, _ = resolve(state, A=order(None, "E4", "E4", "E4"), B=order(None, "E4", "E4", "E4"))
    assert after.get("V").hp == -1
    assert kills(after) == {"A": Fraction(1, 2), "B": Fraction(1, 2)}


def test_the_victims_hp_at_the_start_of_the_turn_is_the_measure():
    """RULINGS: 'the attackers whose own strikes that turn dealt at least its HP at the start
    of the turn "would have killed it alone"'."""
    state = place("A human axe D4", "B human sword F4", "V human sword E4")
    after, _ = resolve(state, B=order(None, "E4", "E4"))
    assert after.get("V").hp == 4
    after, _ = resolve(after, A=order(None, "E4"), B=order(None, "E4", "E4"))
    assert kills(after) == {"A": Fraction(1, 2), "B": Fraction(1, 2)}


def test_catapult_splash_counts_towards_a_kill():
    """8 b: 'successful strike (including damage caused by catapult)'."""
    state = place("C giant catapult A1", "V halfling axe E5", "B human bow H1")
    after, _ = resolve(state, B=order(None, "E5"))
    after, _ = resolve(after, B=order(None, "E5"))
    after, _ = resolve(after, B=order(None, "E5"))
    assert after.get("V").hp == 2
    after, _ = resolve(after, C=order(None, "E6"), B=order(None, "E5"))
    # Splash 1 + arrow 1 = 2: neither alone; a tie on damage shares the kill.
    assert kills(after) == {"C": Fraction(1, 2), "B": Fraction(1, 2)}


def test_one_who_strikes_down_two_in_a_turn_gets_both_kills():
    """8 b, a kill for each removal: an attacker's shares of one turn add up (the second is
    summed to the first), and the victims' own kills stay as they were."""
    start = place("A human axe D4", "V halfling sword D5", "W halfling sword E5", "B elf bow H8")
    weak = tuple(replace(g, hp=1) if g.name in "VW" else g for g in start.gladiators)
    after, events = resolve(replace(start, gladiators=weak), A=order(None, "D5", "E5"))
    assert [e.name for e in of(events, KillAwarded)] == ["A", "A"]
    assert kills(after) == {"A": 2}
    assert [g.alive for g in after.gladiators] == [True, False, False, True]
