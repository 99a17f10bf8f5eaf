"""Passives that change damage and range: Tidal Might (Marew, champions.json: "Passive: +1
damage while Marew stands in water"), Stone Sight (Ossa: "Passive: +1 range while Ossa stands
on raised ground") and Stone Skin (Brann: "Passive: every hit on Brann deals 1 less
damage"). Appendix, "Ability rules": 'they choose 1 of the 2nd 3rd and 4th ability at level 3
... abilities with the word passive always take effect.' Each is its champion's default
level-3 choice, so `level=3` is enough to have it and level 1 is without it."""

from __future__ import annotations

from arena.engine.rulesets.arena_of_the_elders import Effect
from arena.engine.rulesets.arena_of_the_elders.events import Used
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve, who, with_

# The test yard: E2, F2, E3, F3 are water; E5, F5, E6, F6 are raised ground (height 1).


def harpoon(marew: str, level: int) -> tuple[int, Used]:
    """Harpoon ("range 4; hit 3-6; 1 damage (crit 3)") from `marew` at Nyx on A2, rolling 3."""
    state = place(f"Red marew {marew} level={level}", "Blue nyx A2")
    after, events = resolve(state, [3], Marew=act("", "harpoon", "A2"))
    return 7 - who(after, "Nyx").hp, of(events, Used)[0]


def test_tidal_might_adds_one_damage_from_the_water():
    dealt, used = harpoon("E2", level=3)
    assert used.hit and dealt == 1 + 1


def test_tidal_might_needs_the_water_and_the_level():
    assert harpoon("D2", level=3)[0] == 1  # dry land
    assert harpoon("E2", level=1)[0] == 1  # not learnt before level 3


def test_tidal_might_adds_to_a_crit_too():
    state = place("Red marew E2 level=3", "Blue nyx A2")
    after, _ = resolve(state, [6], Marew=act("", "harpoon", "A2"))
    assert who(after, "Nyx").hp == 7 - (3 + 1)


def test_stone_sight_adds_one_range_on_raised_ground():
    """Longshot: "range 6". H1 is seven moves from E5 (on the ledge's edge, where 'you see
    everything below') and from A1 (on the floor)."""
    high = place("Red ossa E5 level=3", "Blue nyx H1")
    assert RULES.validate(high, "Ossa", act("", "longshot", "H1")) == []
    after, events = resolve(high, [3], Ossa=act("", "longshot", "H1"))
    assert of(events, Used)[0].hit and who(after, "Nyx").hp == 6
    floor = place("Red ossa A1 level=3", "Blue nyx H1")
    assert RULES.validate(floor, "Ossa", act("", "longshot", "H1")) == ["H1 is out of range (6)"]
    unlearnt = place("Red ossa E5 level=1", "Blue nyx H1")
    assert RULES.validate(unlearnt, "Ossa", act("", "longshot", "H1")) == ["H1 is out of range (6)"]


def test_stone_sight_counts_where_the_ability_is_used_from():
    """Moving off the high ground first and shooting after loses the extra square; shooting
    first, from E5, keeps it."""
    state = place("Red ossa E5 level=3", "Blue nyx H1")
    shoot_then_move = act("D5", "longshot", "H1", first="ability")
    assert RULES.validate(state, "Ossa", shoot_then_move) == []
    move_then_shoot = act("D5", "longshot", "H1")
    assert RULES.validate(state, "Ossa", move_then_shoot) == ["H1 is out of range (6)"]


def test_stone_skin_takes_one_from_every_hit():
    """Cleave: "hit 2-6; 2 damage (crit 4)"."""
    state = place("Red vorn A1", "Blue brann A2 level=3")
    after, _ = resolve(state, [2], Vorn=act("", "cleave", "A2"))
    assert who(after, "Brann").hp == 11 - 1
    after, _ = resolve(state, [6], Vorn=act("", "cleave", "A2"))
    assert who(after, "Brann").hp == 11 - 3  # the crit's 4, less 1
    novice = place("Red vorn A1", "Blue brann A2 level=1")
    after, _ = resolve(novice, [2], Vorn=act("", "cleave", "A2"))
    assert who(after, "Brann").hp == 11 - 2


def test_stone_skin_never_takes_damage_below_zero_and_the_hit_still_burns():
    """Firebolt: "1 damage (crit 2); fire". 1 - 1 is 0: no damage, but a hit sets him on fire
    ('never below 0'; 'On a hit: fire'). With a shield as well, still 0, never a heal. The
    fire's own damage at the start of his turn is not a hit: Stone Skin does not take from it
    ('at the beginning of the turn each character that's on fire takes one damage')."""
    state = place("Red ignis A1", "Blue brann A3 level=3")
    after, events = resolve(state, [3], Ignis=act("", "firebolt", "A3"))
    used = of(events, Used)[0]
    assert used.hit and used.damage == 0
    brann = who(after, "Brann")
    assert brann.burning and brann.hp == 11 - 1  # the burn as Blue's turn begins
    shielded = with_(state, "Brann", effects=(Effect("shield", 1, 1, "Brann"),))
    after, events = resolve(shielded, [3], Ignis=act("", "firebolt", "A3"))
    assert of(events, Used)[0].damage == 0 and who(after, "Brann").hp == 11 - 1
