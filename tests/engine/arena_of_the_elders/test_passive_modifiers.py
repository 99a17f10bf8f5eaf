"""Passive modifiers in the champion format: 'abilities with the word passive always take
effect' (Appendix, "Ability rules"). A GM's passive ability may change speed, flying, health,
range, to hit and damage by a whole number; it counts from the level the character learns
it, and is refused in words where it cannot be."""

from __future__ import annotations

import copy

from arena.engine.core.records import replace
from arena.engine.rulesets.arena_of_the_elders.content import content_problems, parse_content
from arena.engine.rulesets.arena_of_the_elders.events import Used
from tests.engine.arena_of_the_elders.helpers import RULES, act, of, place, resolve, who

STRIDE = {"speed": 1, "health": 2, "range": 1, "hit": 1, "damage": 1}
ELDER = {
    "key": "fleet-elder",
    "name": "Fleet Elder",
    "title": "the Quick",
    "health": 6,
    "speed": 3,
    "preferred": 3,
    "abilities": [
        {"key": "jab", "name": "Jab", "kind": "attack", "target": "enemy", "range": 1,
         "hit": [4, 6], "damage": 1, "crit": 2},
        {"key": "brace", "name": "Brace", "kind": "buff", "target": "self", "cooldown": 2,
         "duration": 1, "effects": ["shield"]},
        {"key": "elders-stride", "name": "Elder's Stride", "kind": "passive",
         "modifiers": STRIDE, "text": "Passive: quicker, tougher and surer."},
        {"key": "lunge-far", "name": "Lunge Far", "kind": "attack", "target": "enemy",
         "range": 2, "hit": [4, 6], "damage": 2, "crit": 3},
        {"key": "storm", "name": "Storm", "kind": "attack", "target": "enemy", "range": 3,
         "hit": [4, 6], "damage": 3, "crit": 4, "cooldown": 3},
    ],
}  # fmt: skip
SHEET = parse_content({"champions": [ELDER]}).champion("fleet-elder")


def elder(*others: str, level: int, square: str = "A1"):
    """The board with the Fleet Elder (as Red's Vorn's seat) at `level` on `square`."""
    state = place(f"Red vorn {square} level={level}", *others)
    fighters = tuple(
        replace(f, name="Elder", champion="fleet-elder", sheet=SHEET, choice=3, hp=6)
        if f.name == "Vorn"
        else f
        for f in state.fighters
    )
    return replace(state, fighters=fighters)


def test_a_passive_adds_to_speed_once_learnt():
    path = {"path": ["A2", "A3", "A4", "A5"]}
    assert RULES.validate(elder("Blue nyx H8", level=3), "Elder", path) == []
    young = RULES.validate(elder("Blue nyx H8", level=1), "Elder", path)
    assert young == ["no movement left for A5"]  # speed 3 before level 3


def test_a_passive_adds_to_range_hit_and_damage():
    """Jab: range 1, hit 4-6, 1 damage; with Elder's Stride range 2, +1 to hit, +1 damage.
    A 3 rolled hits (3 + 1), on Nyx two squares away, for 2."""
    state = elder("Blue nyx A3", level=3)
    after, events = resolve(state, [3], Elder=act("", "jab", "A3"))
    assert of(events, Used)[0].hit
    assert who(after, "Nyx").hp == 7 - 2
    young = elder("Blue nyx A3", level=1)
    assert RULES.validate(young, "Elder", act("", "jab", "A3")) != []  # out of range


def test_a_passive_raises_the_most_health():
    assert who(elder("Blue nyx H8", level=3), "Elder").max_health == 8
    assert who(elder("Blue nyx H8", level=1), "Elder").max_health == 6
    assert SHEET is not None
    assert SHEET.ability(3).line() == (
        "Elder's Stride (passive): speed +1; health +2; range +1; hit +1; damage +1; "
        "quicker, tougher and surer."
    )


def test_modifiers_are_checked_in_words():
    bad = copy.deepcopy(ELDER)
    bad["abilities"][2]["modifiers"] = {"speed": 5, "luck": 1}
    bad["abilities"][0]["modifiers"] = {"damage": 1}
    assert content_problems({"champions": [bad]}) == [
        "champions[0].abilities[0].modifiers: only a passive ability has modifiers (it always "
        "takes effect)",
        "champions[0].abilities[2].modifiers.speed: a whole number from -3 to 3, not 0",
        "champions[0].abilities[2].modifiers.luck: not a statistic (speed, flying, health, "
        "range, hit, damage)",
    ]
    assert content_problems({"champions": [ELDER]}) == []


def test_a_level_sheet_holds_the_abilities_it_uses_and_their_reach():
    """Worked out once for each level and choice (data.Stats): the passive is not among the
    abilities it uses; Elder's Stride adds 1 to the range of a use on another, not of one on
    oneself, and only once learnt."""
    learnt, young = SHEET.sheets[3, 3], SHEET.sheets[1, 3]
    assert [a.key for a in learnt.actives] == ["jab"]
    assert [a.key for a in SHEET.sheets[6, 2].actives] == ["jab", "brace", "storm"]
    assert learnt.reach == {"jab": 2, "brace": 0, "elders-stride": 0, "lunge-far": 3, "storm": 4}
    assert young.reach["jab"] == 1 and young.reach["storm"] == 3
