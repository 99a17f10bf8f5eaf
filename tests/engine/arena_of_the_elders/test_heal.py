"""Appendix, "Heal rules": 'if a character would be healed remove damage from them equal to
the amount they were healed.' Health: 'each character has a starting health'."""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Healed
from tests.engine.arena_of_the_elders.helpers import act, of, place, resolve, who


def test_a_heal_removes_that_much_damage():
    state = place("Red mira A1", "Red vorn A3 hp=5", "Blue brann H8")
    after, events = resolve(state, Mira=act("", "mending-touch", "A3"), Vorn=act())
    assert who(after, "Vorn").hp == 7
    assert of(events, Healed) == [Healed("Vorn", "Mira", 2, 7)]


def test_a_heal_never_passes_the_starting_health():
    state = place("Red mira A1", "Red vorn A3 hp=9", "Blue brann H8")
    after, _ = resolve(state, Mira=act("", "mending-touch", "A3"), Vorn=act())
    assert who(after, "Vorn").hp == 10


def test_a_healer_may_heal_itself():
    state = place("Red mira A1 hp=3", "Blue brann H8")
    after, _ = resolve(state, Mira=act("", "mending-touch", "A1"))
    assert who(after, "Mira").hp == 5


def test_renewal_heals_a_wounded_mira_at_the_start_of_her_turn():
    """Mira's passive (level 3 choice): at the start of her team's turn a wounded Mira
    heals 1."""
    state = place("Red brann A1", "Blue mira H8 hp=4 level=3 choice=3")
    after, _events = resolve(state, Brann=act())
    assert who(after, "Mira").hp == 5
