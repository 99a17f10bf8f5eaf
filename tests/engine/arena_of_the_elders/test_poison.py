"""Appendix, "Poison damage rules": 'if a character takes poison damage they are now
poisoned, at the beginning of every other turn after initially being poisoned a character
that's poisoned takes 1 damage. If a character is healed, it is no longer poisoned.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.events import Healed, PoisonHurt
from tests.engine.arena_of_the_elders.helpers import act, of, place, resolve, who


def test_poison_hurts_every_other_turn_of_the_victims_team():
    state = place("Red nyx A1", "Blue brann A4")
    after, events = resolve(state, [5], Nyx=act("", "venom-dart", "A4"))
    brann = who(after, "Brann")
    assert brann.poisoned == "Nyx" and brann.hp == 10
    assert of(events, PoisonHurt) == [PoisonHurt("Brann", 0, 10)]  # its 1st turn: nothing
    after, _ = resolve(after, Brann=act())
    after, events = resolve(after, Nyx=act())
    assert of(events, PoisonHurt) == [PoisonHurt("Brann", 1, 9)]  # its 2nd turn: 1
    after, _ = resolve(after, Brann=act())
    after, events = resolve(after, Nyx=act())
    assert of(events, PoisonHurt) == [PoisonHurt("Brann", 0, 9)]  # 3rd: nothing


def test_a_heal_cures_poison():
    state = place("Red mira A1", "Red vorn A3 hp=5 poisoned=Nyx poison_turns=1", "Blue brann H8")
    after, events = resolve(state, Mira=act("", "mending-touch", "A3"), Vorn=act())
    assert who(after, "Vorn").poisoned == ""
    assert of(events, Healed)[0].cleansed == ("poisoned",)


def test_cruel_venom_adds_one_against_a_poisoned_target():
    state = place("Red nyx A1 level=3 choice=4", "Blue vorn A4 poisoned=Nyx")
    after, _ = resolve(state, [4], Nyx=act("", "venom-dart", "A4"))
    assert who(after, "Vorn").hp == 10 - 2
