"""Team deathmatch: 'once each of your characters has died at least once your opponent wins
immediately.' Competitive: 'the game doesn't end until all characters have died twice, the
winner is the team whose characters had the largest sum of levels.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Finished
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve


def test_when_each_of_a_teams_characters_has_died_once_the_other_wins():
    """The rule: "once each of your characters has died at least once". The dead come back, so
    words say "at least once" beside champions listed as having survived."""
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8 deaths=1 alive=no")
    after, events = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert RULES.is_over(after) and after.winner == 0
    assert of(events, Finished) == [Finished("Red", "every Blue character has died at least once")]


def test_one_team_member_never_killed_keeps_the_bout_going():
    state = place("Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8")
    after, _ = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert not RULES.is_over(after)


def test_competitive_needs_two_deaths_each_and_the_higher_level_sum_wins():
    state = place(
        "Red vorn A1 level=2",
        "Blue nyx A2 hp=1 deaths=1 level=3",
        "Blue brann H8 deaths=2 alive=no level=4",
        competitive=True,
    )
    after, events = resolve(state, [3], Vorn=act("", "cleave", "A2", level_up=True))
    # Vorn: 2, +1 for the turn, +3 for the kill = 6; Blue: 3 + 4 = 7.
    assert after.winner == 1
    assert of(events, Finished)[0].reason.endswith("levels 7 to 6")


def test_competitive_does_not_end_at_one_death_each():
    state = place(
        "Red vorn A1", "Blue nyx A2 hp=1", "Blue brann H8 deaths=1 alive=no", competitive=True
    )
    after, _ = resolve(state, [3], Vorn=act("", "cleave", "A2"))
    assert not RULES.is_over(after)
