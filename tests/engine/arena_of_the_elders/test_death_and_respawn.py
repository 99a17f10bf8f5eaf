"""Appendix, "Death rules": 'when your character's health his less than 1 remove them from
the board, then at the beginning of the turn after you've finished 2 of your own turns place
that character back in the starting zone'. Health: 'when a character respawns they have full
health.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Died, Respawned
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve, who


def test_below_one_health_a_character_is_removed():
    state = place("Red vorn A1", "Blue nyx A2 hp=2", "Blue brann H8")
    after, events = resolve(state, [2], Vorn=act("", "cleave", "A2"))
    nyx = who(after, "Nyx")
    assert not nyx.alive and nyx.deaths == 1 and nyx.respawn_in == 2
    assert of(events, Died) == [Died("Nyx", "Vorn", 1)]
    assert RULES.pending(after).who == ("Brann",)


def test_the_dead_return_after_their_team_has_finished_two_turns():
    state = place("Red vorn A1", "Blue nyx A2 hp=2", "Blue brann H8")
    after, _ = resolve(state, [2], Vorn=act("", "cleave", "A2"))  # dies in Red's turn
    after, _ = resolve(after, Brann=act())  # Blue's 1st turn finished
    after, _ = resolve(after, Vorn=act())
    after, events = resolve(after, Brann=act())  # Blue's 2nd turn finished
    assert not who(after, "Nyx").alive
    after, events = resolve(after, Vorn=act())  # Blue's 3rd turn begins
    nyx = who(after, "Nyx")
    assert nyx.alive and nyx.hp == 7
    # The start zone's first free square: Brann stands on H8.
    assert of(events, Respawned) == [Respawned("Nyx", "G8")]


def test_a_returning_character_keeps_its_level_and_loses_its_ailments():
    state = place("Red vorn A1", "Blue nyx A2 hp=2 level=4 poisoned=Nyx", "Blue brann H8")
    after, _ = resolve(state, [2], Vorn=act("", "cleave", "A2"))
    nyx = who(after, "Nyx")
    assert nyx.level == 4 and nyx.poisoned == ""
