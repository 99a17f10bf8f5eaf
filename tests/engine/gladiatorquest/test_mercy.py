"""VI.B Appealing to the Emperor, and the spared gladiator as an obstacle."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.core.dice import Dice
from arena.engine.core.turn import Turn
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.state import Status
from arena.engine.rulesets.gladiatorquest.wounds import spare, wound
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W = "skull", "white"
STAND = {"move": "stand"}


def _wounded_wizard(appeal_roll):
    """Nox (wizard, 4 body) takes 3 and deals 2: body 1, tally 2; then appeals."""
    return bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5", facing="N"),
        gladiator("Nox", "wizard", square="E6", facing="S"),
        dice=[
            1,
            1,
            1,
            1,  # movement: Brutus 1 die, Nox 3
            S,
            S,
            S,  # Brutus thrusts
            S,
            S,  # Nox swings (2 attack, 0 parry)
            S,
            S,  # Nox defends (2 dice): 3 damage
            W,
            W,
            W,  # Brutus parries with 3
            S,
            S,
            S,
            S,  # Brutus defends: 2 damage
            1,
            1,
            1,
            1,  # new movement phase
            appeal_roll,
        ],
        turns=orders(
            {"Brutus": STAND, "Nox": STAND},
            {
                "Brutus": {"attack": "thrust", "target": "Nox"},
                "Nox": {"attack": "swing", "target": "Brutus"},
            },
            {"Brutus": STAND, "Nox": {"appeal": True}},
        ),
    )


def test_mercy_roll_4_with_tally_2_is_granted():
    """VI.B: 'rolls ONE Red die, adding 1 point ... for each Body Point of damage that he has
    inflicted ... If he rolls a 6 or more, then the Emperor ... grants him mercy.'"""
    result = play(_wounded_wizard(4))
    (appeal,) = events(result, "appeal")
    assert appeal["roll"] == 4 and appeal["tally"] == 2 and appeal["granted"]
    nox = standing(result, "Nox")
    assert nox["fate"] == "mercy" and nox["place"] == 2
    assert standing(result, "Brutus")["defeated"] == ["Nox"]
    assert result["result"]["winner"] == "Brutus"


def test_mercy_roll_3_with_tally_2_is_death():
    """VI.B: 'If he rolls anything else, the Emperor ... orders him killed immediately.'"""
    result = play(_wounded_wizard(3))
    nox = standing(result, "Nox")
    assert nox["fate"] == "killed" and nox["killed_by"] == "the Emperor"


def test_an_appeal_needs_exactly_one_body_point():
    """VI.B: 'If a Gladiator has only 1 Body Point left he may appeal.'"""
    g = bout(
        gladiator("Brutus", square="E5"),
        gladiator("Nox", "wizard", square="E9"),
        dice=[1, 1, 1, 1, 1, 1],
        turns=orders({"Nox": {"appeal": True}}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Nox.appeal"


def test_whoever_strikes_a_spared_gladiator_is_slain_by_the_archers():
    """VI.B: 'If a Gladiator accidentally hits another who has successfully appealed ... then
    this Gladiator immediately incurs the wrath of the Emperor, who orders him slain.'"""
    state = GladiatorQuest().setup(
        bout(gladiator("Brutus"), gladiator("Nox", "wizard"), gladiator("Cato", "dwarf"))
    )
    turn = Turn(Dice.scripted([]))
    after, dealt = wound(spare(state, "Nox"), turn, "Nox", 2, "Cato")
    cato, nox = after.named("Cato"), after.named("Nox")
    assert dealt == 0
    assert cato.status is Status.DEAD and cato.record.killed_by == "the Emperor's archers"
    assert nox.status is Status.MERCY and nox.body == nox.gladiator.max_body
    assert [e.kind for e in turn.told()] == ["fallen"]
    assert state.named("Cato").status is Status.FIGHTING  # the state given is unchanged


def test_a_spared_gladiator_is_an_obstacle_walking_to_the_exit():
    """VI.B: 'must make his way to the exit ... he is now an obstacle to the other
    Gladiators who may not move into the square where they are currently located.'"""
    result = play(_wounded_wizard(4) | {"options": {"continue_with_tactics": True}, "seed": 3})
    statuses = [t["gladiators"]["Nox"]["status"] for t in result["turns"]]
    assert "mercy" in statuses
