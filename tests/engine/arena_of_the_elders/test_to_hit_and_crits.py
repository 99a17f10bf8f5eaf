"""Appendix, "To hit rules": 'you must roll a d6 and roll a number within the specified
range.' "Crit rules": 'an ability counts as critting if its to hit roll was a 6. the number
after a crit represents the damage that is dealt instead of the normal damage.'"""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders.combat import damage_of, damages, striker
from arena.engine.rulesets.arena_of_the_elders.events import Used
from arena.engine.rulesets.arena_of_the_elders.state import Effect
from tests.engine.arena_of_the_elders.helpers import act, of, place, resolve, who, with_


def test_a_roll_below_the_range_misses():
    state = place("Red vorn A1", "Blue brann A2")
    after, events = resolve(state, [1], Vorn=act("", "cleave", "A2"))
    assert not of(events, Used)[0].hit
    assert who(after, "Brann").hp == 11


def test_a_roll_in_the_range_deals_the_damage():
    state = place("Red vorn A1", "Blue nyx A2")
    after, events = resolve(state, [2], Vorn=act("", "cleave", "A2"))
    used = of(events, Used)[0]
    assert (used.hit, used.crit, used.damage) == (True, False, 2)
    assert who(after, "Nyx").hp == 5


def test_a_six_crits_for_the_crit_damage_instead():
    state = place("Red vorn A1", "Blue nyx A2")
    after, events = resolve(state, [6], Vorn=act("", "cleave", "A2"))
    used = of(events, Used)[0]
    assert (used.crit, used.damage) == (True, 4)
    assert who(after, "Nyx").hp == 3


def test_keen_edge_adds_one_to_a_crit():
    """Vorn's passive (level 3 choice): his crits deal 1 more damage."""
    state = place("Red vorn A1 level=3 choice=2", "Blue nyx A2")
    after, _ = resolve(state, [6], Vorn=act("", "cleave", "A2"))
    assert who(after, "Nyx").hp == 7 - 5


def test_eagle_eye_adds_one_to_hit_from_higher_ground():
    """Kestrel's passive: +1 to hit a target on lower ground: a 1 becomes a 2, a hit."""
    state = place("Red kestrel F5 level=3 choice=2", "Blue nyx F3")
    _, events = resolve(state, [1], Kestrel=act("", "talon-shot", "F3"))
    used = of(events, Used)[0]
    assert used.hit and used.need == "2-6 +1"


def test_an_exposed_target_is_easier_and_an_evading_one_harder():
    state = place("Red ignis A1", "Blue vorn A4")
    from arena.engine.rulesets.arena_of_the_elders import Effect
    from tests.engine.arena_of_the_elders.helpers import with_

    exposed = with_(state, "Vorn", effects=(Effect("expose", 1, 0, "Ossa"),))
    _, events = resolve(exposed, [2], Ignis=act("", "firebolt", "A4"))
    assert of(events, Used)[0].hit
    evading = with_(state, "Vorn", effects=(Effect("evade", 1, 1, "Vorn"),))
    _, events = resolve(evading, [3], Ignis=act("", "firebolt", "A4"))
    assert not of(events, Used)[0].hit


def test_an_ability_without_a_to_hit_range_rolls_nothing():
    state = place("Red mira A1", "Red vorn A2 hp=3", "Blue brann H8")
    _after, events = resolve(state, [], Mira=act("", "mending-touch", "A2"), Vorn=act())
    assert of(events, Used)[0].roll == 0


def test_a_hits_damage_with_and_without_a_crit_is_read_at_once():
    """combat.damages: the normal and the crit damage, the target's shield taken off both;
    Keen Edge adds to the crit alone; damage_of takes the one the roll gives."""
    state = place("Red vorn A1 level=3 choice=2", "Blue nyx A2")
    state = with_(state, "Nyx", effects=(Effect("shield", 1, 1, "Nyx"),))
    vorn, nyx = who(state, "Vorn"), who(state, "Nyx")
    cleave = vorn.hero.by_key["cleave"]
    attacker = striker(state, vorn, vorn.square)
    assert damages(attacker, nyx, cleave) == (2 - 1, 4 + 1 - 1)
    assert damage_of(attacker, nyx, cleave, False) == 1
    assert damage_of(attacker, nyx, cleave, True) == 4
