"""VIII.A, IV.A and the HeroQuest armoury: what a gladiator may carry."""

from __future__ import annotations

from arena.engine.rulesets.gladiatorquest import ARMOURY, GLADIATOR_TYPES, equipment_errors


def test_the_armoury_is_plain_data_with_prices_and_properties():
    items = {i["slug"]: i for i in ARMOURY}
    assert items["broadsword"]["price"] == 250 and items["broadsword"]["attack"] == 3
    assert items["longsword"]["diagonal"] and items["dagger"]["throwable"]
    assert items["battle_axe"]["two_handed"]
    assert "wizard" in items["helmet"]["not_for"]
    assert {i["kind"] for i in ARMOURY} == {
        "weapon",
        "armour",
        "helmet",
        "shield",
        "potion",
        "other",
    }


def test_the_types_include_heroes_and_the_monster_table():
    """VIII.G: 'Goblin 4 1 Dagger ... Chaos Warrior 7 3 Battle Axe ...'."""
    types = {t["slug"]: t for t in GLADIATOR_TYPES}
    assert (types["barbarian"]["body"], types["barbarian"]["mind"]) == (8, 2)
    assert (types["chaos_warrior"]["body"], types["chaos_warrior"]["equipment"]) == (
        7,
        ["battle_axe"],
    )
    assert all(t["defend"] == 2 for t in GLADIATOR_TYPES)


def test_one_body_armour():
    assert equipment_errors("barbarian", ["chain_mail", "plate_mail"])


def test_the_wizard_may_not_use_large_weapons_or_armour():
    errors = equipment_errors("wizard", ["broadsword", "helmet"])
    assert any("broadsword" in e for e in errors) and any("helmet" in e for e in errors)
    assert equipment_errors("wizard", ["staff", "dagger", "bracers"]) == []


def test_a_two_handed_weapon_leaves_no_hand_for_a_shield():
    """VIII.A: 'If a two-handed weapon is carried, the Gladiator may not carry a shield.'"""
    assert equipment_errors("barbarian", ["battle_axe", "shield"])


def test_only_daggers_ride_in_the_belt():
    """VIII.A: 'Except for daggers, which may be carried in the belt ... a Gladiator may carry
    at most two weapons or a shield and a weapon.'"""
    assert equipment_errors("barbarian", ["broadsword", "shield", "dagger", "dagger"]) == []
    assert equipment_errors("barbarian", ["broadsword", "shortsword", "shield"])


def test_bows_only_in_a_bows_only_contest():
    """II.D: 'Normally any weapon may be used except for bows.'"""
    assert equipment_errors("barbarian", ["crossbow"])
    assert equipment_errors("barbarian", ["crossbow"], "bows_only") == []


def test_unknown_items_are_named():
    assert equipment_errors("elf", ["lightsaber"]) == ["unknown item 'lightsaber'"]
