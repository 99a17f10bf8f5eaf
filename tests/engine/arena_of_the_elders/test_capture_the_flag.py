"""Capture the flag: 'If a character moves onto a space that a flag is occupying, they are
now carrying it and the flag no longer occupies any space. If a flag bearer would die the flag
now occupies the space that they were occupying. if a character touches their own flag it is
immediately returned to its own flag zone. If a flag bearer enters their own flag zone return
the flag to its own flag zone and the team that the flag bearer is a member of now counts as
having captured the flag one additional time. ... A character can only score with the enemy
team's flag.' Win: 'capture the flag at least 2 times.' Competitive: 'to win you must capture
the flag at least 3 times. Abilities targeting the flag bearer get +1 to hit, abilities that
the flag bearer uses get -1 to hit, the flag bearers speed is reduced by 1.'

The test yard's flags: Red's at H1 (zone G1, H2), Blue's at A8 (zone B8, A7)."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders import Flag
from arena.engine.rulesets.arena_of_the_elders.events import FlagEvent, Used
from tests.engine.arena_of_the_elders.helpers import RULES, act, at, of, place, resolve


def flag_mode(*specs, competitive=False, flags=None, captures=(0, 0)):
    state = place(*specs, mode="flag", competitive=competitive)
    if flags is not None:
        state = state.evolve(flags=flags)
    return state.evolve(captures=captures)


def test_moving_onto_the_enemy_flag_carries_it():
    state = flag_mode("Red vorn B7", "Blue brann H8")
    after, events = resolve(state, Vorn=act("A7 A8"))
    assert after.flags[1] == Flag(None, "Vorn")
    assert FlagEvent("Blue", "taken", "Vorn") in events


def test_passing_over_the_flag_picks_it_up_too():
    state = flag_mode("Red vorn B8", "Blue brann H8")
    after, _ = resolve(state, Vorn=act("A8 A7 A6"))
    assert after.flags[1].carrier == "Vorn" and at(after, "Vorn") == "A6"


def test_bringing_the_enemy_flag_into_the_own_zone_captures_it():
    state = flag_mode("Red vorn G3", "Blue brann H8", flags=(Flag(Square.parse("H1")),
                      Flag(None, "Vorn")))  # fmt: skip
    after, events = resolve(state, Vorn=act("G2 G1"))
    assert after.captures == (1, 0)
    assert after.flags[1] == Flag(Square.parse("A8"))
    assert FlagEvent("Blue", "captured", "Vorn", "G1", 1) in events


def test_two_captures_win():
    state = flag_mode("Red vorn G3", "Blue brann H8", captures=(1, 0),
                      flags=(Flag(Square.parse("H1")), Flag(None, "Vorn")))  # fmt: skip
    after, _ = resolve(state, Vorn=act("G2 G1"))
    assert RULES.is_over(after) and after.winner == 0 and after.reason == "2 captures"


def test_competitive_needs_three_captures():
    state = flag_mode("Red vorn G3", "Blue brann H8", captures=(1, 0), competitive=True,
                      flags=(Flag(Square.parse("H1")), Flag(None, "Vorn")))  # fmt: skip
    after, _ = resolve(state, Vorn=act("G2 G1"))
    assert not RULES.is_over(after) and after.captures == (2, 0)


def test_a_bearer_who_dies_drops_the_flag_where_it_stood():
    state = flag_mode("Red vorn C5", "Blue nyx C6 hp=1", "Blue brann H8",
                      flags=(Flag(None, "Nyx"), Flag(Square.parse("A8"))))  # fmt: skip
    after, events = resolve(state, [4], Vorn=act("", "cleave", "C6"))
    assert after.flags[0] == Flag(Square.parse("C6"))
    assert FlagEvent("Red", "dropped", "Nyx", "C6") in events


def test_touching_the_own_dropped_flag_returns_it():
    state = flag_mode("Red vorn C5", "Blue brann H8",
                      flags=(Flag(Square.parse("C6")), Flag(Square.parse("A8"))))  # fmt: skip
    after, events = resolve(state, Vorn=act("C6"))
    assert after.flags[0] == Flag(Square.parse("H1"))
    assert FlagEvent("Red", "returned", "Vorn") in events


def test_the_own_flag_is_never_carried_and_never_scores():
    """'A character can only score with the enemy team's flag.'"""
    state = flag_mode("Red vorn G2", "Blue brann H8")
    after, _ = resolve(state, Vorn=act("H2 H1"))  # over its own flag at home, in its zone
    assert after.flags[0] == Flag(Square.parse("H1")) and after.captures == (0, 0)


def test_competitive_the_bearer_is_easier_to_hit_and_hits_worse_and_slower():
    flags = (Flag(Square.parse("H1")), Flag(None, "Vorn"))
    state = flag_mode("Red vorn A3", "Blue ignis A6", competitive=True, flags=flags)
    assert RULES.validate(state, "Vorn", act("A4 A5")) == []
    assert RULES.validate(state, "Vorn", act("B3 B4 B5"))[0].startswith("no movement left")
    _, events = resolve(state, [2], Vorn=act("A4 A5", "cleave", "A6"))
    assert of(events, Used)[0].need == "2-6 -1" and not of(events, Used)[0].hit
    blue = flag_mode("Red vorn A3", "Blue ignis A6", competitive=True, flags=flags).evolve(acting=1)
    _after, events = resolve(blue, [2], Ignis=act("", "firebolt", "A3"))
    assert of(events, Used)[0].need == "3-6 +1" and of(events, Used)[0].hit
