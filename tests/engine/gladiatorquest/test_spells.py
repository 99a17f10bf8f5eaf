"""IV.C.2 Casting spells: once per movement phase, attack spells hit automatically, healing
spells restore body points, a spell cast is gone; an elf knows one spell group, a wizard three.

Dice order (docs/engine.md): movement rolls in input order; then, within a step, potions,
spells (a Genie's 5 attack dice then the target's defend dice; a Ball of Flame's 2 saving red
dice), passing attacks, moves, throws.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.engine import EngineInputError
from arena.engine.rulesets.gladiatorquest import DEFAULT_SPELLS, SPELL_GROUPS
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W, B = "skull", "white", "black"
GOLDEN = Path(__file__).parent / "golden"
STAND = {"move": "stand"}
WIZARD_SPELLS = [*SPELL_GROUPS["air"], *SPELL_GROUPS["fire"], *SPELL_GROUPS["earth"]]


TURN = {"move": "turn_around"}  # spends a point: a phase ends when all are spent (IV.B.6)


def _wizard_and_barbarian(dice, *turns, nox=None):
    """Nox (wizard, light: 3 movement dice) at E1 and Brutus (plate: heavy, 1 die, 4 defend
    dice, 8 body) at E10, far apart."""
    return bout(
        gladiator("Nox", "wizard", square="E1", facing="N", **(nox or {})),
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E10", facing="S"),
        dice=dice,
        turns=orders(*turns),
    )


def _cast(spell, target="Brutus"):
    return {"spell": {"spell": spell, "target": target}}


def test_the_genie_hits_automatically_even_a_moving_target_and_is_defended_normally():
    """IV.C.2: 'Unlike when throwing weapons, Gladiators casting attack spells do not have to
    guess where their opponent is moving. Attacks spells are considered to automatically
    hit.' Genie: 'attacks ... with 5 combat dice. The monster defends normally.'"""
    dice = [1, 1, 1, 1, S, S, S, S, W, W, S, B, S]  # moves; Genie 4 skulls; 4 defend, 1 white
    result = play(
        _wizard_and_barbarian(dice, {"Nox": _cast("genie"), "Brutus": {"move": "forward"}})
    )
    (spell,) = events(result, "spell")
    assert spell["caster"] == "Nox" and spell["target"] == "Brutus"
    (attack,) = events(result, "attack")
    assert attack["how"] == "spell" and len(attack["attack_dice"]) == 5
    assert attack["parry_dice"] == [] and len(attack["defend_dice"]) == 4
    assert attack["skulls"] == 4 and attack["blocked"] == 1 and attack["damage"] == 3
    after = result["turns"][0]["gladiators"]["Brutus"]
    assert after["body"] == 5 and after["square"] == "E9"
    assert standing(result, "Nox")["tally"] == 3


@pytest.mark.parametrize(("save", "damage"), [(4, 1), (5, 0), (6, 0)])
def test_fire_of_wrath_does_one_body_point_unless_the_target_rolls_5_or_6(save, damage):
    """HeroQuest reference, Fire of Wrath: '1 BP damage unless the monster immediately rolls
    5 or 6 on 1 red die'."""
    result = play(_wizard_and_barbarian([1, 1, 1, 1, save], {"Nox": _cast("fire_of_wrath")}))
    (spell,) = events(result, "spell")
    assert spell["saves"] == [save] and spell["damage"] == damage
    assert result["turns"][0]["gladiators"]["Brutus"]["body"] == 8 - damage


def test_ball_of_flame_does_two_and_each_5_or_6_on_two_red_dice_saves_one():
    """HeroQuest reference, Ball of Flame: '2 BP damage. The monster rolls 2 red dice; each 5
    or 6 cuts the damage by 1.' No defend dice are rolled: the spell hits automatically."""
    result = play(_wizard_and_barbarian([1, 1, 1, 1, 6, 2], {"Nox": _cast("ball_of_flame")}))
    (spell,) = events(result, "spell")
    assert spell["saves"] == [6, 2] and spell["damage"] == 1
    assert events(result, "attack") == []
    assert result["turns"][0]["gladiators"]["Brutus"]["body"] == 7


def test_only_one_spell_per_movement_phase():
    """IV.C.2: 'once per Movement Phase (each dice roll is a separate Movement Phase) a
    Gladiator may cast a spell'. Nox walks a step (the phase goes on) and tries again."""
    g = _wizard_and_barbarian(
        [1, 1, 1, 1, 4],
        {"Nox": {**_cast("fire_of_wrath"), "move": "forward"}, "Brutus": STAND},
        {"Nox": _cast("ball_of_flame"), "Brutus": STAND},
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Nox.spell"
    assert "IV.C.2" in info.value.message


def test_a_new_movement_roll_is_a_new_phase_with_a_new_spell():
    """IV.C.2: '(each dice roll is a separate Movement Phase)'. Once every point is spent the
    phase ends and everyone re-rolls (IV.B.6); Nox casts again."""
    g = _wizard_and_barbarian(
        [1, 1, 1, 1, 4, 2, 2, 2, 2, 1, 1],
        {"Nox": {**_cast("fire_of_wrath"), **TURN}, "Brutus": TURN},
        {"Nox": TURN},
        {"Nox": TURN},
        {"Nox": _cast("ball_of_flame"), "Brutus": STAND},
    )
    result = play(g)
    assert [e["spell"] for e in events(result, "spell")] == ["Fire of Wrath", "Ball of Flame"]
    assert len(events(result, "movement_roll")) == 4
    assert result["turns"][-1]["gladiators"]["Brutus"]["body"] == 8 - 1 - 2


def test_a_spell_cast_is_gone_for_the_rest_of_the_bout():
    """HeroQuest reference, hero spells: 'each cast once per quest' (docs/engine.md: 'each
    spell once per bout'). The used spell leaves `spells_left`; casting it again is refused."""
    first = _wizard_and_barbarian([1, 1, 1, 1, 5], {"Nox": _cast("fire_of_wrath"), "Brutus": STAND})
    left = standing(play(first), "Nox")["spells_left"]
    assert left == [s for s in WIZARD_SPELLS if s != "fire_of_wrath"]
    again = _wizard_and_barbarian(
        [1, 1, 1, 1, 5, 2, 2, 2, 2],
        {"Nox": _cast("fire_of_wrath"), "Brutus": STAND},
        {"Nox": _cast("fire_of_wrath"), "Brutus": STAND},
    )
    with pytest.raises(EngineInputError) as info:
        play(again)
    assert info.value.field == "turns[1].orders.Nox.spell"
    assert "no fire_of_wrath spell left" in info.value.message


def test_heal_body_restores_up_to_four_body_points_of_a_teammate():
    """HeroQuest reference, Heal Body: 'Restores up to 4 lost BP (not above starting BP)'.
    Vex's Genie takes 5 of Ajax's 8; Nox heals 4 of them in the next phase."""
    g = bout(
        gladiator("Nox", "wizard", team="Red", square="A1", facing="N"),
        gladiator("Ajax", team="Red", equipment=["broadsword", "plate_mail"], square="C1"),
        gladiator("Vex", "wizard", team="Blue", square="L12", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, 1, S, S, S, S, S, S, S, S, S, 2, 2, 2, 2, 2, 2, 2],
        turns=orders(
            {"Nox": STAND, "Ajax": STAND, "Vex": _cast("genie", "Ajax")},
            {"Nox": _cast("heal_body", "Ajax"), "Ajax": STAND, "Vex": STAND},
        ),
    )
    result = play(g)
    assert [t["gladiators"]["Ajax"]["body"] for t in result["turns"]] == [3, 7]
    heal = events(result, "spell")[-1]
    assert heal["spell"] == "Heal Body" and heal["healed"] == 4


def test_a_healing_spell_never_raises_body_above_the_start_value():
    """HeroQuest reference, Water of Healing / Heal Body: 'not above starting BP'. A chaos
    Ball of Flame takes 2 of Nox's 4; Heal Body (4) gives back only those 2."""
    g = bout(
        gladiator("Nox", "wizard", square="E1", facing="N"),
        gladiator("Fimbul", "chaos_wizard", square="E10", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, 2, 3, 2, 2, 2, 2, 2, 2],
        turns=orders(
            {"Nox": STAND, "Fimbul": _cast("chaos_ball_of_flame", "Nox")},
            {"Nox": _cast("heal_body", "Nox"), "Fimbul": STAND},
        ),
    )
    result = play(g)
    assert [t["gladiators"]["Nox"]["body"] for t in result["turns"]] == [2, 4]
    assert events(result, "spell")[-1]["healed"] == 2


def test_a_sleeping_gladiator_cannot_defend_against_the_genie():
    """HeroQuest reference, Sleep: 'The monster cannot move, attack or defend.' Kael (elf,
    water group) puts Brutus to sleep; Nox's Genie meets no defend dice."""
    g = bout(
        gladiator("Kael", "elf", team="Red", equipment=["shortsword", "plate_mail"], square="C1"),
        gladiator("Nox", "wizard", team="Red", square="A1", facing="N"),
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E10", facing="S"),
        dice=[1, 1, 1, 1, 1, S, S, W, W, B],  # Kael 1 die, Nox 3, Brutus 1; Genie
        turns=orders(
            {"Nox": _cast("genie"), "Kael": _cast("sleep"), "Brutus": STAND},
        ),
    )
    result = play(g)  # Kael (first in input order) casts first: no defend dice
    (attack,) = events(result, "attack")
    assert attack["defend_dice"] == [] and attack["damage"] == 2
    assert next(e["effect"] for e in events(result, "spell")) == "falls asleep"


def test_sleep_does_not_work_on_the_undead():
    """HeroQuest reference, Sleep: 'Not usable on Mummies, Zombies or Skeletons.'"""
    g = bout(
        gladiator("Kael", "elf", square="E1", facing="N"),
        gladiator("Bones", "skeleton", square="E10", facing="S"),
        dice=[1, 1, 1, 1, 1, 1],  # both light: 3 movement dice each
        turns=orders({"Kael": _cast("sleep", "Bones"), "Bones": STAND}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Kael.spell.target"


def test_an_attack_spell_is_cast_on_an_opponent_and_a_healing_spell_on_a_friend():
    """IV.C.2 attack spells strike an opponent; Heal Body heals the caster or a teammate
    (docs/engine.md spell targets)."""
    on_self = _wizard_and_barbarian([1, 1, 1, 1], {"Nox": _cast("genie", "Nox")})
    with pytest.raises(EngineInputError) as info:
        play(on_self)
    assert info.value.field == "turns[0].orders.Nox.spell.target"
    heal_foe = _wizard_and_barbarian([1, 1, 1, 1], {"Nox": _cast("heal_body", "Brutus")})
    with pytest.raises(EngineInputError) as info:
        play(heal_foe)
    assert info.value.field == "turns[0].orders.Nox.spell.target"


def test_tempest_makes_the_target_sit_out_its_next_movement_phase():
    """HeroQuest reference, Tempest: 'Target monster misses its next turn'."""
    g = _wizard_and_barbarian(
        [1, 1, 1, 1, 2, 2, 2],  # phase 2: only Nox rolls
        {"Nox": {**_cast("tempest"), **TURN}, "Brutus": TURN},
        {"Nox": TURN},
        {"Nox": TURN},
        {"Nox": STAND},
    )
    result = play(g)
    phase2 = result["turns"][3]
    assert [e["name"] for e in phase2["events"] if e["type"] == "movement_roll"] == ["Nox"]
    assert phase2["gladiators"]["Brutus"]["points"] == 0


def test_an_elf_knows_one_spell_group_and_a_wizard_three():
    """HeroQuest reference, heroes: 'Elf: 3 spells (one spell group). Wizard: 9 spells (three
    groups).' Defaults: the elf water, the wizard air, fire and earth."""
    assert DEFAULT_SPELLS["elf"] == SPELL_GROUPS["water"]
    assert len(DEFAULT_SPELLS["wizard"]) == 9
    elf_two_groups = bout(
        gladiator("Kael", "elf", spells=["sleep", "genie"]), gladiator("Brutus"), dice=[]
    )
    with pytest.raises(EngineInputError) as info:
        play(elf_two_groups)
    assert info.value.field == "gladiators[0].spells"
    assert "1 spell group" in info.value.message
    all_four = [*WIZARD_SPELLS, *SPELL_GROUPS["water"]]
    wizard_four_groups = bout(gladiator("Brutus"), gladiator("Nox", "wizard", spells=all_four))
    with pytest.raises(EngineInputError) as info:
        play(wizard_four_groups)
    assert info.value.field == "gladiators[1].spells"
    assert "3 spell group" in info.value.message


def test_the_chosen_groups_are_the_spells_left_at_the_start():
    """The wizard picks his three groups (HeroQuest: 'the Wizard takes the other 2')."""
    water_fire_air = [*SPELL_GROUPS["water"], *SPELL_GROUPS["fire"], *SPELL_GROUPS["air"]]
    g = _wizard_and_barbarian([], nox={"spells": water_fire_air})
    assert standing(play(g), "Nox")["spells_left"] == water_fire_air
    kael = bout(gladiator("Kael", "elf"), gladiator("Brutus"), dice=[], turns=[])
    assert standing(play(kael), "Kael")["spells_left"] == [
        "sleep",
        "veil_of_mist",
        "water_of_healing",
    ]


def test_a_barbarian_casts_no_spells():
    """II.A / HeroQuest: only the Elf and the Wizard are spellcasters."""
    with pytest.raises(EngineInputError) as info:
        play(bout(gladiator("Brutus", spells=["genie"]), gladiator("Nox", "wizard")))
    assert info.value.field == "gladiators[0].spells"


def test_summon_orcs_is_refused_in_the_arena():
    """docs/engine.md: 'Summon Orcs is refused'."""
    g = bout(
        gladiator("Fimbul", "chaos_wizard", square="E1", spells=["summon_orcs"]),
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E10"),
        dice=[1, 1, 1, 1],
        turns=orders({"Fimbul": {"spell": {"spell": "summon_orcs"}}, "Brutus": STAND}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Fimbul.spell"


def test_golden_wizard_against_elf_casts_and_uses_up_spells():
    """Golden replay golden/spells_wizard_vs_elf (seed 11, replayed byte for byte
    by test_golden_bouts): spells cast by both sides leave `spells_left`."""
    out = json.loads((GOLDEN / "spells_wizard_vs_elf.json").read_text())["log"]
    cast = {e["caster"] for e in events(out, "spell")}
    assert cast == {"Nox", "Kael"}
    assert len(standing(out, "Nox")["spells_left"]) == 9 - sum(
        1 for e in events(out, "spell") if e["caster"] == "Nox"
    )
