"""Appendix, "Cooldown rules": 'once you activate an ability with a cooldown place a d6 in its
cooldown box with the number equal to its cooldown facing up, at the begging of each of your
turns reduce it by one, once its at 0 you may use this ability again'. "Duration rules":
'at the beginning of each of your turns reduce the duration by 1, the ability takes effect
until the duration is 0.'"""

from __future__ import annotations

from tests.engine.arena_of_the_elders.helpers import RULES, act, place, resolve, who


def test_a_cooldown_of_two_skips_one_turn():
    state = place("Red brann A1", "Blue vorn A2", "Blue nyx H8")
    after, _ = resolve(state, [2], Brann=act("", "shield-bash", "A2"))  # a miss still counts
    assert who(after, "Brann").cooldown("shield-bash") == 2
    after, _ = resolve(after, Vorn=act(), Nyx=act())  # Red's turn begins: 2 -> 1
    assert RULES.validate(after, "Brann", act("", "shield-bash", "A2")) == [
        "ability: Shield Bash is cooling down (1 more turn)"
    ]
    after, _ = resolve(after, Brann=act())
    after, _ = resolve(after, Vorn=act(), Nyx=act())  # 1 -> 0
    assert RULES.validate(after, "Brann", act("", "shield-bash", "A2")) == []


def test_a_cooldown_of_one_is_ready_every_turn():
    state = place("Red ignis A1", "Blue vorn A4")
    after, _ = resolve(state, [1], Ignis=act("", "firebolt", "A4"))
    after, _ = resolve(after, Vorn=act())
    assert RULES.validate(after, "Ignis", act("", "firebolt", "A4")) == []


def test_a_duration_of_two_lasts_until_the_casters_second_turn_begins():
    """Brann's Bulwark (choice 3), duration 2: 1 less damage from each hit while it lasts."""
    state = place("Red brann A1 level=3 choice=3", "Red vorn A2", "Blue nyx A5")
    after, _ = resolve(state, Brann=act("", "bulwark", "A2"), Vorn=act())
    assert who(after, "Vorn").under("shield") == 1
    after, _ = resolve(after, [4], Nyx=act("", "venom-dart", "A2"))
    assert who(after, "Vorn").hp == 10  # 1 - 1 shield
    # Red's turn began: 2 -> 1, still on. After Red's turn and Blue's, Red's next: 0.
    assert who(after, "Vorn").under("shield") == 1
    after, _ = resolve(after, Brann=act(), Vorn=act())
    after, _ = resolve(after, Nyx=act())
    assert who(after, "Vorn").under("shield") == 0
