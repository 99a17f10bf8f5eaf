"""Appendix, "Character level rules": 'every character starts at level 1. Whenever a
character kills another character you gain levels equal to their level, your level can't
increase beyond 6. at the begginging of each of your turns one character of your choice gains
one level.' "Ability rules": 'The 1st ability a character has they have at level 1, they
choose 1 of the 2nd 3rd and 4th ability at level 3 and you get your 5th ability at level 6.'"""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders.events import LevelGained
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve, who


def test_one_character_of_the_teams_choice_gains_a_level_each_turn():
    state = place("Red vorn A1", "Red ignis B1", "Blue brann H8")
    after, events = resolve(state, Vorn=act(), Ignis=act(level_up=True))
    assert who(after, "Ignis").level == 2 and who(after, "Vorn").level == 1
    assert of(events, LevelGained)[0] == LevelGained("Ignis", 2, "turn")


def test_without_a_choice_the_lowest_level_character_gains_it():
    state = place("Red vorn A1 level=3", "Red ignis B1 level=2", "Blue brann H8")
    after, _ = resolve(state, Vorn=act(), Ignis=act())
    assert who(after, "Ignis").level == 3


def test_no_level_beyond_six():
    state = place("Red vorn A1 level=6", "Blue brann H8")
    after, events = resolve(state, Vorn=act())
    assert who(after, "Vorn").level == 6
    assert not [e for e in of(events, LevelGained) if e.name == "Vorn"]


def test_naming_a_level_six_character_for_the_level_is_refused_in_words():
    """'one character of your choice gains one level', 'your level can't increase beyond 6':
    the level is not passed silently to another character."""
    state = place("Red vorn A1 level=6", "Red ignis B1 level=2", "Blue brann H8")
    refusal = ["level_up: Vorn is at level 6, the most; name another character"]
    assert RULES.validate(state, "Vorn", act(level_up=True)) == refusal
    assert RULES.validate(state, "Vorn", {"auto": True, "level_up": True}) == refusal
    assert RULES.web.choices(state, "Vorn", {})["level_up"] == []  # the page offers it not
    assert RULES.web.choices(state, "Ignis", {})["level_up"] == ["yes"]
    with pytest.raises(EngineInputError, match="Vorn is at level 6"):
        resolve(state, Vorn=act(level_up=True), Ignis=act())
    after, _ = resolve(state, Vorn=act(), Ignis=act(level_up=True))
    assert (who(after, "Vorn").level, who(after, "Ignis").level) == (6, 3)


def test_a_kill_gives_levels_equal_to_the_victims_level():
    state = place("Red vorn A1 level=2", "Red ignis H1", "Blue nyx A2 hp=1 level=3")
    after, events = resolve(state, [3], Vorn=act("", "cleave", "A2"), Ignis=act(level_up=True))
    assert who(after, "Vorn").level == 5
    assert LevelGained("Vorn", 5, "kill") in events


def test_a_kill_never_lifts_a_level_past_six():
    state = place("Red vorn A1 level=5", "Red ignis H1", "Blue nyx A2 hp=1 level=4")
    after, _ = resolve(state, [3], Vorn=act("", "cleave", "A2"), Ignis=act(level_up=True))
    assert who(after, "Vorn").level == 6


def test_the_chosen_ability_comes_at_level_three_and_the_fifth_at_six():
    state = place("Red vorn A1 level=2 choice=3", "Blue nyx A3")
    assert RULES.validate(state, "Vorn", act("", "lunge", "A3")) == [
        "ability: Vorn does not know Lunge at level 2"
    ]
    three = place("Red vorn A1 level=3 choice=3", "Blue nyx A3")
    assert RULES.validate(three, "Vorn", act("", "lunge", "A3")) == []
    assert RULES.validate(three, "Vorn", act("", "keen-edge")) == [
        "ability: Vorn does not know Keen Edge at level 3"
    ]
    assert RULES.validate(three, "Vorn", act("A2", "execution", "A3"))[0].startswith(
        "ability: Vorn does not know Execution"
    )
    six = place("Red vorn A1 level=6 choice=3", "Blue nyx A3")
    assert RULES.validate(six, "Vorn", act("A2", "execution", "A3")) == []


def test_a_passive_is_never_activated():
    """'abilities with the word passive always take effect.'"""
    state = place("Red vorn A1 level=3 choice=2", "Blue nyx A3")
    assert RULES.validate(state, "Vorn", act("", "keen-edge")) == [
        "ability: Keen Edge is passive: it always takes effect"
    ]
