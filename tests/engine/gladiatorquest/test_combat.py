"""V. Combat Phase: attack types, parries, defence, three or more combatants."""

from __future__ import annotations

from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play

S, W, B = "skull", "white", "black"
STAND = {"move": "stand"}


def _duel(dice, attack_brutus="swing", attack_nox="thrust", nox_type="dwarf"):
    return bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5", facing="N"),
        gladiator("Nox", nox_type, equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        dice=dice,
        turns=orders(
            {"Brutus": STAND, "Nox": STAND},
            {
                "Brutus": {"attack": attack_brutus, "target": "Nox"},
                "Nox": {"attack": attack_nox, "target": "Brutus"},
            },
        ),
    )


def test_a_swing_with_a_three_dice_weapon_rolls_four_attack_and_two_parry_dice():
    """V.C: '1. Swing +1 attack die -1 parry die'; V.E.4 a hit is parried per black shield."""
    dice = [
        1,
        1,  # heavy: one movement die each
        S,
        S,
        S,
        S,  # Brutus swings: 3 + 1 attack dice
        S,
        W,  # Nox thrusts: 2 attack dice
        B,
        W,  # Nox parries Brutus with 2 dice: one black shield
        W,
        S,
        S,
        S,  # Nox defends with 2 + 2 (plate): one white shield
        W,
        W,  # Brutus parries Nox with 3 - 1 = 2 dice
        S,
        S,
        S,
        S,
    ]  # Brutus defends: nothing blocked
    result = play(_duel(dice))
    brutus, nox = (e for e in events(result, "attack"))
    assert brutus["how"] == "swing" and len(brutus["attack_dice"]) == 4
    assert brutus["parried"] == 1 and brutus["blocked"] == 1 and brutus["damage"] == 2
    assert len(nox["parry_dice"]) == 2 and nox["damage"] == 1
    assert result["turns"][1]["phase"] == "combat"
    assert result["turns"][1]["gladiators"]["Nox"]["body"] == 5
    assert result["turns"][1]["gladiators"]["Brutus"]["body"] == 7


def test_a_jab_rolls_one_fewer_attack_die_and_one_more_parry_die():
    """V.C: '3. Jab -1 attack die +1 parry die'."""
    dice = [
        1,
        1,
        S,
        S,
        S,
        S,  # Brutus thrusts 3; Nox jabs 2 - 1 = 1
        B,
        B,
        B,  # Nox parries with 2 + 1 = 3 dice, all black: everything parried
    ]
    result = play(_duel([*dice, W, W, W, S, S, S, S], "thrust", "jab"))
    brutus, nox = events(result, "attack")
    assert len(brutus["attack_dice"]) == 3 and len(brutus["parry_dice"]) == 3
    assert brutus["parried"] == 3 and brutus["damage"] == 0
    assert len(nox["attack_dice"]) == 1


def test_white_shields_turn_unparried_hits():
    """V.D / RULINGS: 'each white shield rolled on defense turns one unparried skull'."""
    dice = [
        1,
        1,
        S,
        S,
        S,
        W,
        W,  # Brutus thrusts 3 skulls; Nox rolls no skull
        W,
        W,  # Nox parries with 2 dice: no black shield
        W,
        W,
        W,
        B,
    ]  # Nox defends with 4: three white shields
    result = play(_duel(dice, "thrust", "thrust"))
    brutus = events(result, "attack")[0]
    assert brutus["blocked"] == 3 and brutus["damage"] == 0


def test_a_gladiator_only_parries_the_opponent_he_chose_to_attack():
    """V.F.1: 'he may only parry the attacks made against him by the Gladiator that he has
    chosen to attack.'"""
    g = bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5", facing="N"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        gladiator("Vex", "dwarf", equipment=["shortsword", "plate_mail"], square="F5", facing="W"),
        dice=[
            1,
            1,
            1,
            S,
            S,
            S,  # Brutus thrusts at Nox
            S,
            S,  # Nox thrusts at Brutus
            S,
            S,  # Vex thrusts at Brutus
            W,
            W,  # Nox parries Brutus (2 dice)
            S,
            S,
            S,
            S,  # Nox defends
            B,
            B,
            B,  # Brutus parries Nox (his chosen opponent)
            S,
            S,
            S,
            S,  # Brutus defends against Vex only: no parry dice for Vex
        ],
        turns=orders(
            {"Brutus": STAND, "Nox": STAND, "Vex": STAND},
            {
                "Brutus": {"attack": "thrust", "target": "Nox"},
                "Nox": {"attack": "thrust", "target": "Brutus"},
                "Vex": {"attack": "thrust", "target": "Brutus"},
            },
        ),
    )
    result = play(g)
    attacks = {e["attacker"]: e for e in events(result, "attack")}
    assert attacks["Nox"]["parried"] == 2 and attacks["Nox"]["damage"] == 0
    assert attacks["Vex"]["parry_dice"] == [] and attacks["Vex"]["damage"] == 2
    assert attacks["Brutus"]["damage"] == 3


def test_diagonal_neighbours_without_diagonal_weapons_do_not_fight():
    """V.F.2: 'If neither Gladiator has a weapon that attacks diagonally, then entering an
    adjacent diagonal square does not cause them to enter Combat Phase.'"""
    g = bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5", facing="N"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="F6", facing="S"),
        dice=[1, 1],
        turns=orders({"Brutus": STAND, "Nox": STAND}),
    )
    assert events(play(g), "combat") == []


def test_a_diagonal_weapon_attacks_diagonally_and_the_other_may_only_defend():
    """V.F.2: 'If the opponent does not have a weapon that attacks diagonally, he may not
    attack or parry, only defend.'"""
    g = bout(
        gladiator("Brutus", equipment=["longsword", "plate_mail"], square="E5", facing="N"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="F6", facing="S"),
        dice=[1, 1, S, S, S, S, S, S, S],
        turns=orders(
            {"Brutus": STAND, "Nox": STAND}, {"Brutus": {"attack": "thrust", "target": "Nox"}}
        ),
    )
    result = play(g)
    assert len(events(result, "combat")) == 1
    (attack,) = events(result, "attack")
    assert attack["attacker"] == "Brutus" and attack["parry_dice"] == []
    assert attack["damage"] == 3


def test_the_tally_counts_body_points_of_damage():
    """V.F.4: 'Add one to the tally for each Body Point of damage caused.'"""
    dice = [1, 1, S, S, S, S, S, W, W, W, S, S, S, S, W, W, S, S, S, S]
    result = play(_duel(dice))
    brutus = next(s for s in result["result"]["standings"] if s["name"] == "Brutus")
    assert brutus["tally"] == 4
