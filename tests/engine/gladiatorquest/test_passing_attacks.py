"""IV.C.3 Passing combat: a weapon that reaches past one square strikes outside the combat
phase, without parries; the attacker is off balance if combat follows in the same phase.

Reach weapons in the armoury (docs/engine.md): the whip (2 squares) and the crossbow (12, but
never adjacent, bows-only contests). Dice order: movement rolls; in a step potions, spells,
then the passing attack's attack dice and the target's defend dice, then the moves.
"""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play

S, W, B = "skull", "white", "black"
STAND = {"move": "stand"}
WHIP = ["whip", "plate_mail"]  # 2 attack dice, reach 2; heavy: 1 movement die, 4 defend dice


def _whip_duel(dice, *turns, nox_square="E5"):
    """Brutus (whip) at E3 facing N; Nox (dwarf, shortsword, plate) two squares north."""
    return bout(
        gladiator("Brutus", equipment=WHIP, square="E3", facing="N"),
        gladiator(
            "Nox", "dwarf", equipment=["shortsword", "plate_mail"], square=nox_square, facing="S"
        ),
        dice=dice,
        turns=orders(*turns),
    )


LASH = {"passing_attack": "Nox", "move": "stand"}
FIGHT = {"Brutus": {"attack": "thrust", "target": "Nox"}, "Nox": {"attack": "thrust"}}


def test_a_passing_attack_rolls_the_weapons_attack_dice_against_defence_without_parries():
    """IV.C.3: 'The Gladiator rolls the normal attack dice for his weapon, and the opponent
    rolls his normal defense dice. No parries are allowed.'"""
    result = play(_whip_duel([1, 1, S, S, W, S, S, S], {"Brutus": LASH, "Nox": STAND}))
    (attack,) = events(result, "attack")
    assert attack["how"] == "passing" and attack["weapon"] == "whip"
    assert len(attack["attack_dice"]) == 2 and attack["parry_dice"] == []
    assert len(attack["defend_dice"]) == 4 and attack["damage"] == 1
    assert events(result, "combat") == []  # 'The Combatants do not need to enter the Combat Phase'
    assert result["turns"][0]["phase"] == "movement"


def test_the_movement_phase_continues_after_a_passing_attack():
    """IV.C.3: 'Whether the weapon hits or misses, Movement Phase continues.' Brutus rolled 2
    points; he lashes while stepping back and steps back again in the same phase."""
    result = play(
        _whip_duel(
            [2, 1, S, W, W, W, W, W],
            {"Brutus": {"passing_attack": "Nox", "move": "back"}, "Nox": STAND},
            {"Brutus": {"move": "back"}, "Nox": STAND},
        )
    )
    assert [e["type"] for e in result["turns"][1]["events"]] == ["move"]
    assert result["turns"][1]["gladiators"]["Brutus"]["square"] == "E1"


def test_an_opponent_who_closes_in_the_same_phase_finds_the_attacker_off_balance():
    """IV.C.3: 'if ... an opponent closes with him during the current Movement Phase and
    causes the Gladiator to enter Combat Phase, the Gladiator is off balance and rolls 2
    fewer attack and parry dice. If his weapon only allows him to roll 2 attack dice then he
    may only roll 1 attack and parry die.'"""
    dice = [
        *(1, 1),  # movement
        *(S, S, W, W, W, W),  # the passing attack: both hits blocked
        *(S,),  # combat: Brutus (off balance) thrusts with 1 die
        *(S, S),  # Nox thrusts with 2
        *(W, W, W, W, W, W),  # Nox parries (2), defends (4)
        *(W, W, W, W, W),  # Brutus parries with 1 die, defends with 4
    ]
    result = play(
        _whip_duel(dice, {"Brutus": LASH, "Nox": {"move": "forward"}}, FIGHT),
    )
    assert len(events(result, "combat")) == 1
    brutus, nox = (e for e in events(result, "attack") if e["how"] == "thrust")
    assert brutus["attacker"] == "Brutus" and len(brutus["attack_dice"]) == 1
    assert nox["attacker"] == "Nox" and len(nox["parry_dice"]) == 1


def test_combat_in_a_later_movement_phase_is_fought_with_full_dice():
    """IV.C.3: off balance only if combat comes 'during the current Movement Phase'. Both
    spend their only point in the first step, so the phase ends (IV.B.6); Nox backs up into
    contact in the next one."""
    dice = [
        *(1, 1, S, S, W, W, W, W),  # phase 1: the passing attack, blocked
        *(1, 1),  # phase 2: movement
        *(S, S, S, S),  # combat: Brutus 2 dice, Nox 2 dice
        *(W, W, W, W, W, W),  # Nox parries (2), defends (4)
        *(W, W, W, W, W, W),  # Brutus parries (2), defends (4)
    ]
    result = play(
        _whip_duel(
            dice,
            {"Brutus": {**LASH, "move": "turn_around"}, "Nox": {"move": "turn_around"}},
            {"Brutus": STAND, "Nox": {"move": "back"}},
            FIGHT,
        )
    )
    brutus, nox = (e for e in events(result, "attack") if e["how"] == "thrust")
    assert len(brutus["attack_dice"]) == 2 and len(nox["parry_dice"]) == 2


def test_a_passing_attack_needs_an_opponent_more_than_one_square_away_within_reach():
    """IV.C.3: 'a weapon that allows him to attack an opponent that is more than one square
    away'. The whip reaches 2 squares (docs/engine.md)."""
    for square in ("E4", "E6"):  # adjacent, then three squares away
        with pytest.raises(EngineInputError) as info:
            play(_whip_duel([1, 1], {"Brutus": LASH, "Nox": STAND}, nox_square=square))
        assert info.value.field == "turns[0].orders.Brutus.passing_attack"


def test_a_weapon_without_reach_makes_no_passing_attack():
    """IV.C.3: only 'a weapon that allows him to attack an opponent that is more than one
    square away (not a thrown weapon)': a broadsword or a dagger does not."""
    g = _whip_duel([1, 1], {"Brutus": LASH, "Nox": STAND})
    g["gladiators"][0]["equipment"] = ["broadsword", "dagger", "plate_mail"]
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Brutus.passing_attack"
    assert "does not reach" in info.value.message


def test_a_passing_attack_is_made_on_an_opponent_not_a_teammate():
    """IV.C.3: 'a weapon that allows him to attack an opponent ... he may make a Passing
    Attack.' Like a throw at a teammate (IV.C.1, refused at throw.at), a deliberate passing
    attack on one's own teammate is an impossible order."""
    g = bout(
        gladiator("Brutus", team="Red", equipment=WHIP, square="E3", facing="N"),
        gladiator("Cato", team="Red", equipment=["broadsword", "plate_mail"], square="E5"),
        gladiator(
            "Nox", "dwarf", team="Blue", equipment=["shortsword", "plate_mail"], square="J10"
        ),
        dice=[1, 1, 1, S, S, S, S, S, S],
        turns=orders({"Brutus": {"passing_attack": "Cato"}, "Cato": STAND, "Nox": STAND}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Brutus.passing_attack"


def test_a_crossbow_shoots_past_adjacent_squares_in_a_bows_only_contest():
    """VIII.H.2 'Contests where only bows are used'; HeroQuest reference, Crossbow: 'any
    visible monster except an adjacent one'. Ajax (light: 3 movement dice, 2 defend dice)
    shoots Bran eight squares away: 3 attack dice, no parry."""
    g = bout(
        gladiator("Ajax", equipment=["crossbow"], square="E1", facing="N"),
        gladiator("Bran", equipment=["crossbow"], square="E9", facing="S"),
        dice=[1, 1, 1, 1, 1, 1, S, S, S, W, S],
        turns=orders({"Ajax": {"passing_attack": "Bran"}, "Bran": STAND}),
        contest="bows_only",
    )
    (attack,) = events(play(g), "attack")
    assert attack["weapon"] == "crossbow" and len(attack["attack_dice"]) == 3
    assert attack["damage"] == 2
