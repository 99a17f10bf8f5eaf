"""Appendix, "Fire damage": 'if a character takes fire damage they are now on fire, at the
beginning of the turn each character that's on fire takes one damage. If a character is
healed or enters a water space, it is no longer on fire.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Affected, Burned, Doused, Healed
from tests.engine.arena_of_the_elders.helpers import act, of, place, resolve, who, with_


def test_fire_damage_sets_the_target_on_fire_and_it_burns_at_its_turn():
    state = place("Red ignis A1", "Blue vorn A4")
    after, events = resolve(state, [4], Ignis=act("", "firebolt", "A4"))
    vorn = who(after, "Vorn")
    assert vorn.burning == "Ignis"
    assert of(events, Affected)[0].effect == "fire"
    # Blue's turn has begun: Vorn burns for 1 on top of the bolt's 1.
    assert of(events, Burned) == [Burned("Vorn", 1, 8)]
    assert vorn.hp == 8


def test_a_miss_sets_nothing_alight():
    state = place("Red ignis A1", "Blue vorn A4")
    after, _ = resolve(state, [2], Ignis=act("", "firebolt", "A4"))
    assert who(after, "Vorn").burning == ""


def test_fire_keeps_burning_every_turn_of_its_team():
    state = with_(place("Red ignis A1", "Blue vorn H8", acting=1), "Vorn", burning="Ignis")
    after, _ = resolve(state, Vorn=act())  # Blue's turn, then Red's begins
    after, events = resolve(after, Ignis=act())  # Red's turn, then Blue's begins: Vorn burns
    assert of(events, Burned) == [Burned("Vorn", 1, 9)]


def test_entering_water_puts_the_fire_out():
    state = with_(place("Red vorn D2", "Blue brann H8"), "Vorn", burning="Ignis")
    after, events = resolve(state, Vorn=act("E2"))
    assert who(after, "Vorn").burning == ""
    assert of(events, Doused) == [Doused("Vorn")]


def test_a_heal_puts_the_fire_out():
    state = with_(place("Red mira A1", "Red vorn A3 hp=5", "Blue brann H8"), "Vorn", burning="X")
    after, events = resolve(state, Mira=act("", "mending-touch", "A3"), Vorn=act())
    assert who(after, "Vorn").burning == ""
    assert of(events, Healed)[0].cleansed == ("on fire",)


def test_searing_adds_one_against_a_burning_target():
    """Ignis's passive (level 3 choice): +1 damage against targets on fire."""
    state = with_(place("Red ignis A1 level=3 choice=3", "Blue vorn A4"), "Vorn", burning="Ignis")
    after, _events = resolve(state, [4], Ignis=act("", "firebolt", "A4", level_up=False))
    assert who(after, "Vorn").hp == 10 - 2 - 1  # the bolt 1 + searing 1, then the fire
