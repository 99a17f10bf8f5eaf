"""Sections 4, 5, 6 and 7: board, races, weapons, allowed combinations, starting squares."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError, play
from arena.engine.rulesets.gladiator_arena import (
    ALLOWED,
    RACES,
    GladiatorArena,
    Race,
    Weapon,
    damage_of,
)
from tests.engine.gladiator_arena.helpers import bout, gl


def start(result: dict, name: str) -> str:
    return result["turns"][0]["gladiators"][name]["square"]


def test_race_table_matches_section_6():
    """6: 'Human: starts with 8 HP, MpT 3 ... Dwarf: 9 HP ... MpT 2 ... Elf: 7 HP ... MpT 4
    ... Halfling: 5 HP ... MpT 3 ... Giant: 11 HP ... MpT 2, giant uses two MpT to move'."""
    table = {r: (s.hp, s.mpt, s.damage_bonus, s.move_cost) for r, s in RACES.items()}
    assert table == {
        Race.HUMAN: (8, 3, 0, 1),
        Race.DWARF: (9, 2, 1, 1),
        Race.ELF: (7, 4, -1, 1),
        Race.HALFLING: (5, 3, -1, 1),
        Race.GIANT: (11, 2, 1, 2),
    }


def test_damage_takes_the_race_modifier_except_bow_and_catapult():
    """7: 'Axe: base damage 4 ... Sword: 2 ... Spear: 1 ... Bow: damage 1 on all races ...
    Catapult: damage 2 on all races'."""
    assert damage_of(Race.DWARF, Weapon.AXE) == 5
    assert damage_of(Race.ELF, Weapon.SWORD) == 1
    assert damage_of(Race.GIANT, Weapon.SPEAR) == 2
    assert damage_of(Race.GIANT, Weapon.BOW) == 1
    assert damage_of(Race.HALFLING, Weapon.CATAPULT) == 2


def test_allowed_combinations_are_the_second_posts_list():
    """Second post: 'dwarf: axe, sword, spear / human: axe, sword, spear, bow / elf: axe,
    sword, bow / halfling: axe, sword, bow, catapult / giant: axe, sword, spear, bow,
    catapult'."""
    assert {r.value: sorted(w.value for w in ws) for r, ws in ALLOWED.items()} == {
        "dwarf": ["axe", "spear", "sword"],
        "human": ["axe", "bow", "spear", "sword"],
        "elf": ["axe", "bow", "sword"],
        "halfling": ["axe", "bow", "catapult", "sword"],
        "giant": ["axe", "bow", "catapult", "spear", "sword"],
    }


@pytest.mark.parametrize(
    ("race", "weapon", "words"),
    [
        ("elf", "spear", "an elf can't use a spear: its damage would be 0"),
        ("halfling", "spear", "a halfling can't use a spear: its damage would be 0"),
        ("human", "catapult", "a human can't use a catapult"),
        ("dwarf", "bow", "a dwarf can't use a bow"),
    ],
)
def test_it_refuses_a_forbidden_combination(race, weapon, words):
    """6: 'elf can't use spear as damage would be 0'; RULINGS: 'Any other is refused with a
    clear error.'"""
    with pytest.raises(EngineInputError, match=words):
        play(bout(gl("A", race, weapon, "A1"), gl("B", "human", "axe", "H8")))


def test_a_race_and_weapon_are_read_in_any_case_and_refused_alike():
    """Setup finds a pair named by its words in one look-up (PAIRS_BY_WORDS); any other
    spelling is read word by word, and a forbidden pair is refused however it is written."""
    rules = GladiatorArena()
    usual = rules.setup(bout(gl("A", "elf", "bow", "A1"), gl("B", "human", "axe", "H8")))
    other = rules.setup(bout(gl("A", " Elf", "BOW ", "A1"), gl("B", "Human", "axe", "H8")))
    assert other == usual
    with pytest.raises(EngineInputError, match="an elf can't use a spear"):
        rules.setup(bout(gl("A", "ELF", "spear", "A1"), gl("B", "human", "axe", "H8")))


def test_a_later_gladiator_on_a_taken_square_moves_opposite_the_centre():
    """5: 'if two players choose same square, the one who posted later is moved to square
    opposite center of board.'"""
    result = play(
        bout(
            gl("First", "human", "axe", "B2"),
            gl("Later", "human", "axe", "B2"),
            turns=[{}],
        )
    )
    assert start(result, "First") == "B2"
    assert start(result, "Later") == "G7"


def test_mirroring_follows_the_board_size():
    """RULINGS: 'file i -> W-1-i, rank j -> H-1-j' on a 10x6 board."""
    result = play(
        bout(
            gl("First", "human", "axe", "A1"),
            gl("Later", "human", "axe", "A1"),
            turns=[{}],
            board=[10, 6],
        )
    )
    assert start(result, "Later") == "J6"


def test_three_on_one_square_must_choose_again():
    """5: 'If three or more choose same square, they must choose again.'"""
    with pytest.raises(EngineInputError, match="must choose again"):
        play(
            bout(
                gl("A", "human", "axe", "C3"),
                gl("B", "elf", "bow", "C3"),
                gl("C", "giant", "axe", "C3"),
            )
        )


def test_a_mirror_square_already_taken_means_choosing_again():
    """Own decision (docs): the square opposite the centre may itself be taken; then the
    later gladiator must choose again, as with three on one square."""
    with pytest.raises(EngineInputError, match=r"opposite the centre \(G7\) is taken"):
        play(
            bout(
                gl("A", "human", "axe", "B2"),
                gl("B", "human", "axe", "B2"),
                gl("C", "human", "axe", "G7"),
            )
        )


def test_the_default_board_is_8x8_and_other_sizes_are_an_option():
    """4: 'The game is played on chess board, 8X8 squares ... (as default; different size
    variations may be used).'"""
    with pytest.raises(EngineInputError, match="off the 8x8 board"):
        play(bout(gl("A", "human", "axe", "I1"), gl("B", "human", "axe", "A1")))
    result = play(
        bout(gl("A", "human", "axe", "L12"), gl("B", "human", "axe", "A1"), board=[12, 12])
    )
    assert result["result"]["finished"] is False


def test_a_board_wider_than_26_files_is_refused():
    """RULINGS: 'Other sizes are an option of the bout (up to 26 files).'"""
    with pytest.raises(EngineInputError, match=r"options\.board"):
        play(bout(gl("A", "human", "axe", "A1"), gl("B", "human", "axe", "B1"), board=[27, 8]))


@pytest.mark.parametrize(
    ("gladiators", "field"),
    [
        ([{"name": "A", "race": "orc", "weapon": "axe", "square": "A1"}], "gladiators"),
        (
            [gl("A", "orc", "axe", "A1"), gl("B", "human", "axe", "B1")],
            "gladiators[0].race",
        ),
        (
            [gl("A", "human", "club", "A1"), gl("B", "human", "axe", "B1")],
            "gladiators[0].weapon",
        ),
        (
            [gl("A", "human", "axe", "A0"), gl("B", "human", "axe", "B1")],
            "gladiators[0].square",
        ),
        (
            [gl("A", "human", "axe", "A1"), gl("A", "human", "axe", "B1")],
            "gladiators[1].name",
        ),
    ],
)
def test_bad_setups_name_the_field(gladiators, field):
    with pytest.raises(EngineInputError) as info:
        play({"ruleset": "gladiator-arena", "gladiators": gladiators})
    assert info.value.field == field
