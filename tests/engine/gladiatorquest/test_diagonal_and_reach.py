"""V.F.2 Diagonal weapons (the armoury: staff, longsword, spear), and reach measured on the
board (docs/engine.md: 'Distances for throws, reach and spells are Chebyshev')."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.rulesets.gladiatorquest import ARMOURY
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play

S, W, B = "skull", "white", "black"
STAND = {"move": "stand"}
BROADSWORD = ["broadsword", "plate_mail"]


def test_the_armourys_diagonal_weapons_are_the_staff_the_longsword_and_the_spear():
    """HeroQuest reference, section 7: 'Staff, Longsword' (US), 'Staff, Spear' (UK); the
    broadsword and the (US) shortsword attack only front, back and sides."""
    diagonal = {i["slug"] for i in ARMOURY if i["diagonal"]}
    assert diagonal == {"staff", "longsword", "spear"}


def test_a_wizards_staff_brings_a_diagonal_neighbour_into_combat_and_only_he_strikes():
    """V.F.2: 'he may enter Combat Phase when he is in an adjacent Diagonal phase with an
    opponent. If the opponent does not have a weapon that attacks diagonally, he may not
    attack or parry, only defend.'"""
    g = bout(
        gladiator("Nox", "wizard", equipment=["staff"], square="F6", facing="S"),
        gladiator("Brutus", equipment=BROADSWORD, square="E5"),
        dice=[1, 1, 1, 1, S, S, S, S, B],  # movement; the staff's 1 die; Brutus defends 4
        turns=orders(
            {"Nox": STAND, "Brutus": STAND}, {"Nox": {"attack": "thrust", "target": "Brutus"}}
        ),
    )
    result = play(g)
    assert events(result, "combat")[0]["pairs"] == [["Nox", "Brutus"]]
    (blow,) = events(result, "attack")
    assert blow["attacker"] == "Nox" and blow["weapon"] == "staff"
    assert blow["parry_dice"] == [] and blow["damage"] == 1


def test_the_one_without_a_diagonal_weapon_may_not_attack_across_the_corner():
    """V.F.2: 'If the opponent does not have a weapon that attacks diagonally, he may not
    attack or parry, only defend.' Brutus's written attack is an impossible order."""
    g = bout(
        gladiator("Nox", "wizard", equipment=["staff"], square="F6", facing="S"),
        gladiator("Brutus", equipment=BROADSWORD, square="E5"),
        dice=[1, 1, 1, 1],
        turns=orders(
            {"Nox": STAND, "Brutus": STAND},
            {"Nox": {"attack": "thrust"}, "Brutus": {"attack": "swing", "target": "Nox"}},
        ),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Brutus"
    assert "V.F.2" in info.value.message


def test_two_diagonal_weapons_attack_and_parry_each_other_across_the_corner():
    """V.F.2 (by contrast with 'If the opponent does not have a weapon that attacks
    diagonally'): with a longsword against a spear both attack and both parry."""
    g = bout(
        gladiator("Brutus", equipment=["longsword", "plate_mail"], square="E5"),
        gladiator("Nox", "dwarf", equipment=["spear", "plate_mail"], square="F6", facing="S"),
        dice=[1, 1, S, W, W, S, W, B, W, B, W, W],  # attacks 3 and 2; parries 2 and 3
        turns=orders(
            {"Brutus": STAND, "Nox": STAND},
            {"Brutus": {"attack": "thrust"}, "Nox": {"attack": "thrust"}},
        ),
    )
    blows = {e["attacker"]: e for e in events(play(g), "attack")}
    assert blows["Brutus"]["parry_dice"] == ["black", "white"] and blows["Brutus"]["parried"] == 1
    assert len(blows["Nox"]["parry_dice"]) == 3 and blows["Nox"]["parried"] == 1


def test_stepping_to_a_diagonal_square_with_a_diagonal_weapon_enters_combat():
    """V.A 'If two or more Gladiators move into adjacent squares ... they have entered Combat
    Phase'; V.F.2: for a diagonal weapon a diagonal square is adjacent."""
    g = bout(
        gladiator("Brutus", equipment=BROADSWORD, square="E5"),
        gladiator("Nox", "dwarf", equipment=["spear", "plate_mail"], square="F7", facing="S"),
        dice=[1, 1],
        turns=orders({"Brutus": STAND, "Nox": {"move": "forward"}}),
    )
    result = play(g)
    assert result["turns"][0]["gladiators"]["Nox"]["square"] == "F6"
    assert len(events(result, "combat")) == 1
    assert result["next"]["phase"] == "combat"


def test_in_a_melee_the_broadsword_strikes_the_orthogonal_foe_not_the_diagonal_one():
    """V.F.1 'Each Gladiator may only attack one opponent'; V.F.2: Brutus cannot reach Nox
    (staff, diagonal) but can reach Vex in front of him."""
    g = bout(
        gladiator("Brutus", equipment=BROADSWORD, square="E5"),
        gladiator("Nox", "wizard", equipment=["staff"], square="F6", facing="S"),
        gladiator("Vex", "dwarf", equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        dice=[1, 1, 1, 1, 1],
        turns=orders(
            {"Brutus": STAND, "Nox": STAND, "Vex": STAND},
            {"Brutus": {"attack": "thrust", "target": "Nox"}},
        ),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Brutus.target"
    assert "one of Vex" in info.value.message


def test_a_whip_reaches_two_squares_diagonally_too():
    """IV.C.3 passing attacks 'an opponent that is more than one square away'; the whip
    reaches 2 squares, counted as a king moves (docs/engine.md: Chebyshev)."""
    g = bout(
        gladiator("Brutus", equipment=["whip", "plate_mail"], square="E3"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="G5"),
        dice=[1, 1, S, S, W, W, W, W],
        turns=orders({"Brutus": {"passing_attack": "Nox"}, "Nox": STAND}),
    )
    (attack,) = events(play(g), "attack")
    assert attack["how"] == "passing" and attack["target"] == "Nox" and attack["blocked"] == 2
