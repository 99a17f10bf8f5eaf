"""IV.C.4 Drinking potions, VI.A the automatic healing potion at 0 body, and the other
potions' effects as docs/engine.md states them.

Dice order (docs/engine.md): movement rolls in input order; within a step potions come first
(a healing potion rolls 1 red die), then spells, passing attacks, moves and throws; in combat
every attack roll (heroic brew rolls twice), then per blow parry and defend dice.
"""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W, B = "skull", "white", "black"
STAND = {"move": "stand"}
TURN = {"move": "turn_around"}  # spends a point: a phase ends when all are spent (IV.B.6)
PLATE = ["broadsword", "plate_mail"]


def _drink(potion):
    return {"potion": {"potion": potion}}


def _genie_then_drink(roll):
    """Nox's Genie takes 5 of Brutus's 8 body; in the next step Brutus drinks his healing
    potion and rolls `roll` (standing still costs nothing: the phase goes on, IV.B.2)."""
    return bout(
        gladiator("Nox", "wizard", square="E1", facing="N"),
        gladiator("Brutus", equipment=[*PLATE, "healing_potion"], square="E10", facing="S"),
        dice=[1, 1, 1, 1, S, S, S, S, S, B, B, B, B, roll],
        turns=orders(
            {"Nox": {"spell": {"spell": "genie", "target": "Brutus"}}, "Brutus": STAND},
            {"Nox": STAND, "Brutus": _drink("healing_potion")},
        ),
    )


def _duel(dice, brutus_step, brutus_attack="thrust", brutus_kit=()):
    """Brutus (broadsword, plate: 1 movement die, 4 defend dice) at E5 against Nox (dwarf,
    shortsword, plate) at E6: in contact after one step, then one combat round."""
    return bout(
        gladiator("Brutus", equipment=[*PLATE, *brutus_kit], square="E5", facing="N"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        dice=dice,
        turns=orders(
            {"Brutus": brutus_step, "Nox": STAND},
            {
                "Brutus": {"attack": brutus_attack, "target": "Nox"},
                "Nox": {"attack": "thrust", "target": "Brutus"},
            },
        ),
    )


def test_a_healing_potion_restores_one_red_die_of_body_points():
    """IV.C.4: 'once per Movement Phase ... a Gladiator may drink a potion in his
    possession'; HeroQuest reference (US): 'restores BP equal to 1 red die'."""
    result = play(_genie_then_drink(4))
    (potion,) = events(result, "potion")
    assert potion["name"] == "Brutus" and potion["roll"] == 4 and potion["given_by"] is None
    assert [t["gladiators"]["Brutus"]["body"] for t in result["turns"]] == [3, 7]
    assert standing(result, "Brutus")["potions_used"] == ["healing_potion"]


def test_a_healing_potion_never_raises_body_above_the_start_value():
    """HeroQuest reference (US): 'restores BP equal to 1 red die, capped at starting BP'."""
    result = play(_genie_then_drink(6))
    assert result["turns"][-1]["gladiators"]["Brutus"]["body"] == 8
    assert events(result, "potion")[0]["body_after"] == 8


def test_at_zero_body_a_gladiator_automatically_drinks_his_healing_potion():
    """VI.A: 'If a Gladiator loses all his Body Points he may automatically drink any Healing
    Potion that he might have.' Nox (wizard, 4 body) takes 4 and drinks at once."""
    g = bout(
        gladiator("Brutus", equipment=PLATE, square="E5", facing="N"),
        gladiator("Nox", "wizard", equipment=["dagger", "healing_potion"], square="E6"),
        dice=[1, 1, 1, 1, S, S, S, S, W, W, S, S, 3],  # swing 4; Nox's 1 die; parry; defend; potion
        turns=orders(
            {"Brutus": STAND, "Nox": STAND},
            {"Brutus": {"attack": "swing", "target": "Nox"}, "Nox": {"attack": "thrust"}},
        ),
    )
    result = play(g)
    blow = next(e for e in events(result, "attack") if e["attacker"] == "Brutus")
    assert blow["damage"] == 4 and blow["body_after"] == 0
    (potion,) = events(result, "potion")
    assert potion["name"] == "Nox" and potion["roll"] == 3 and potion["body_after"] == 3
    assert events(result, "fallen") == []
    after = result["turns"][-1]["gladiators"]["Nox"]
    assert after["status"] == "fighting" and after["body"] == 3
    assert standing(result, "Nox")["potions_used"] == ["healing_potion"]


def _teammates(second_step):
    """Ajax (potion) and Cato stand side by side; Vex's Genie takes 5 of Cato's 7; in the
    next step Ajax writes `second_step`."""
    return bout(
        gladiator("Ajax", team="Red", equipment=[*PLATE, "healing_potion"], square="A1"),
        gladiator("Cato", "dwarf", team="Red", equipment=["shortsword", "plate_mail"], square="B1"),
        gladiator("Vex", "wizard", team="Blue", square="L12", facing="S"),
        dice=[1, 1, 1, 1, 1, S, S, S, S, S, B, B, B, B, 4],
        turns=orders(
            {"Ajax": STAND, "Cato": STAND, "Vex": {"spell": {"spell": "genie", "target": "Cato"}}},
            {"Ajax": second_step, "Cato": STAND, "Vex": STAND},
        ),
    )


GIVE = {"potion": {"potion": "healing_potion", "give_to": "Cato"}}


def test_a_potion_may_be_given_to_a_teammate_in_an_adjacent_square():
    """IV.C.4: 'Once each Movement Phase a player may give a potion to another player to
    drink, but the two players must be in adjacent square.'"""
    result = play(_teammates(GIVE))
    (potion,) = events(result, "potion")
    assert potion["name"] == "Cato" and potion["given_by"] == "Ajax" and potion["roll"] == 4
    assert [t["gladiators"]["Cato"]["body"] for t in result["turns"]] == [2, 6]


def test_a_given_potion_is_the_givers_loss_in_the_result():
    """VIII.C: potions are bought with gold and belong to the gladiator who bought them;
    the campaign takes `items_lost` and `potions_used` off each gladiator's inventory
    (characters/rewards.py). Ajax's potion is gone from Ajax, not from Cato (who had none)."""
    result = play(_teammates(GIVE))
    ajax, cato = standing(result, "Ajax"), standing(result, "Cato")
    assert "healing_potion" in ajax["potions_used"] + ajax["items_lost"]
    assert "healing_potion" not in cato["potions_used"] + cato["items_lost"]


def test_a_potion_is_not_given_to_a_teammate_out_of_reach_nor_to_an_opponent():
    """IV.C.4: '... the two players must be in adjacent square.'"""
    far = _teammates(GIVE)
    far["gladiators"][1]["square"] = "C1"
    with pytest.raises(EngineInputError) as info:
        play(far)
    assert info.value.field == "turns[1].orders.Ajax.potion.give_to"
    assert "adjacent" in info.value.message
    foe = _teammates({"potion": {"potion": "healing_potion", "give_to": "Vex"}})
    with pytest.raises(EngineInputError) as info:
        play(foe)
    assert info.value.field == "turns[1].orders.Ajax.potion.give_to"


def test_only_one_potion_is_drunk_per_movement_phase():
    """IV.C.4: 'once per Movement Phase (each dice roll is a separate Movement Phase) a
    Gladiator may drink a potion'. Brutus walks a step (the phase goes on) and drinks again."""
    g = bout(
        gladiator("Brutus", equipment=[*PLATE, "strength_potion", "defense_potion"], square="E1"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E12"),
        dice=[2, 1],
        turns=orders(
            {"Brutus": {**_drink("strength_potion"), "move": "forward"}, "Nox": STAND},
            {"Brutus": _drink("defense_potion")},
        ),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Brutus.potion"
    assert "IV.C.4" in info.value.message


def test_a_potion_not_carried_cannot_be_drunk():
    """IV.C.4: '... a potion in his possession.'"""
    with pytest.raises(EngineInputError) as info:
        play(_duel([1, 1], _drink("healing_potion")))
    assert info.value.field == "turns[0].orders.Brutus.potion"


def test_a_strength_potion_adds_two_attack_dice_to_the_next_attack():
    """HeroQuest reference, Potion of Strength: '+2 combat dice on your next attack'."""
    dice = [1, 1, S, S, S, S, S, W, W, W, W, W, W, S, S]  # 3+2 dice; Nox 2; parry 2; defend 4
    result = play(_duel(dice, _drink("strength_potion"), brutus_kit=["strength_potion"]))
    brutus = next(e for e in events(result, "attack") if e["attacker"] == "Brutus")
    assert len(brutus["attack_dice"]) == 5 and brutus["damage"] == 3
    assert standing(result, "Brutus")["potions_used"] == ["strength_potion"]


def test_a_defense_potion_adds_two_defend_dice_to_the_next_defence():
    """HeroQuest reference, Potion of Defense: '+2 combat dice next time you defend'."""
    dice = [1, 1, W, W, W, S, S, W, W, W, W, W, S, S, S, S]  # Brutus 3; Nox 2; parry 3; defend
    result = play(_duel(dice, _drink("defense_potion"), brutus_kit=["defense_potion"]))
    nox = next(e for e in events(result, "attack") if e["attacker"] == "Nox")
    assert len(nox["parry_dice"]) == 3 and len(nox["defend_dice"]) == 4 + 2
    assert nox["blocked"] == 2 and nox["damage"] == 0


def test_a_speed_potion_doubles_the_next_movement_roll_only():
    """HeroQuest reference, Potion of Speed: 'roll twice as many dice on your next move'."""
    g = bout(
        gladiator("Brutus", equipment=[*PLATE, "speed_potion"], square="E1"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E12"),
        dice=[1, 1, 3, 1, 1, 2, 1],
        turns=orders(
            {"Brutus": {**_drink("speed_potion"), "move": "turn_around"}, "Nox": TURN},
            {"Brutus": TURN, "Nox": TURN},
            *[{"Brutus": TURN}] * 3,
            {"Brutus": STAND, "Nox": STAND},
        ),
    )
    rolls = [e["dice"] for e in events(play(g), "movement_roll") if e["name"] == "Brutus"]
    assert rolls == [[1], [3, 1], [2]]


def test_heroic_brew_gives_two_attacks_in_the_next_combat_round():
    """HeroQuest reference, Heroic Brew: 'two attacks instead of one, for one turn'."""
    dice = [
        *(1, 1),  # movement
        *(S, W, W),  # Brutus's first attack roll
        *(S, W, W),  # Brutus's second attack roll
        *(W, W),  # Nox's attack roll
        *(W, W, W, S, S, S),  # first blow: Nox parries (2), defends (4): 1 blocked
        *(W, W, S, S, S, S),  # second blow: parry, defend: 1 damage
    ]
    result = play(_duel(dice, _drink("heroic_brew"), brutus_kit=["heroic_brew"]))
    blows = [e for e in events(result, "attack") if e["attacker"] == "Brutus"]
    assert len(blows) == 2 and [b["damage"] for b in blows] == [0, 1]
    assert result["turns"][-1]["gladiators"]["Nox"]["body"] == 6
