"""V.F.3 Shield bash."""

from __future__ import annotations

from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W, B = "skull", "white", "black"


def _clash(bash_faces, nox_faces):
    return bout(
        gladiator("Brutus", "dwarf", equipment=["shortsword", "shield", "helmet"], square="E4"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        dice=[1, 1, *bash_faces, *nox_faces, W, W, W, W, W, W],
        turns=orders(
            {"Brutus": {"move": "forward"}, "Nox": {"move": "forward"}},
            {
                "Brutus": {"attack": "shield_bash", "target": "Nox"},
                "Nox": {"attack": "thrust", "target": "Brutus"},
            },
        ),
    )


def test_a_shield_bash_rolls_twice_the_shield_and_blocks_all_hits():
    """V.F.3: 'all of an opponent's hits are automatically blocked. The Shield Bashing
    Gladiator rolls twice the number of defense dice his shield is worth as attack dice.'"""
    result = play(_clash([S, W], [S, S]))
    bash, blow = events(result, "attack")
    assert bash["how"] == "shield_bash" and len(bash["attack_dice"]) == 2
    assert blow["parried"] == 2 and blow["damage"] == 0


def test_two_black_shields_damage_the_shield_and_a_shield_without_dice_is_destroyed():
    """V.F.3: 'If two or more black shields are rolled, the Gladiator's shield is damaged ...
    If a shield looses all its defensive dice, it is destroyed and discarded.'"""
    result = play(_clash([B, B], [S, S]))
    (damaged,) = events(result, "shield_damaged")
    assert damaged["dice_left"] == 0
    assert "shield" in standing(result, "Brutus")["items_lost"]
