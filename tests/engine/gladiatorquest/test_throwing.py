"""IV.C.1 Throwing weapons."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.records import replace
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
from arena.engine.rulesets.gladiatorquest.state import Lying
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play, standing

S, W = "skull", "white"
PLATE = ["shortsword", "plate_mail"]


def _three(dice, thrower_order, b_order):
    return bout(
        gladiator("Ajax", "dwarf", equipment=[*PLATE, "dagger"], square="E1", facing="N"),
        gladiator("Bran", "dwarf", equipment=PLATE, square="E5", facing="S"),
        gladiator("Cato", "dwarf", equipment=PLATE, square="E9", facing="S"),
        dice=dice,
        turns=orders({"Ajax": thrower_order, "Bran": b_order, "Cato": {"move": "stand"}}),
    )


def test_a_throw_where_the_opponent_moves_hits_him_without_parries():
    """IV.C.1: 'If the opponent moves where the Gladiator predicted, he has hit him. The
    Gladiator rolls the attack dice for the weapon, and the opponent rolls his defense dice
    (no parries). The weapon is now considered under the opponent's figure.'"""
    throw = {"throw": {"weapon": "dagger", "at": "Bran", "square": "E4"}}
    result = play(_three([3, 3, 3, S, S, S, S, S], throw, {"move": "forward"}))
    (thrown,) = events(result, "throw")
    assert thrown["hit"] and thrown["landed"] == "E4"
    (attack,) = events(result, "attack")
    assert attack["target"] == "Bran" and attack["parry_dice"] == [] and attack["damage"] == 1
    assert result["turns"][0]["ground"] == [{"item": "dagger", "square": "E4", "owner": "Ajax"}]


def test_a_thrown_dagger_that_misses_flies_on_and_hits_the_gladiator_behind():
    """IV.C.1: 'His weapon continues in a straight line ... for 15 squares ... If it hits
    another Gladiator in this distance then this Gladiator has been hit with the weapon.'"""
    throw = {"throw": {"weapon": "dagger", "at": "Bran", "square": "E4"}}
    result = play(_three([3, 3, 3, S, S, S, S, S], throw, {"move": "left"}))
    (thrown,) = events(result, "throw")
    assert not thrown["hit"] and thrown["struck"] == "Cato" and thrown["landed"] == "E9"
    (attack,) = events(result, "attack")
    assert attack["target"] == "Cato" and attack["damage"] == 1


def test_a_miss_with_nobody_in_the_way_stops_at_the_wall_and_is_lost_if_not_picked_up():
    """IV.C.1 'It will stop sooner if it hits a wall'; VIII.E: 'any thrown weapons that are not
    picked up are lost.'"""
    g = bout(
        gladiator("Ajax", "dwarf", equipment=[*PLATE, "dagger"], square="A1", facing="N"),
        gladiator("Bran", "dwarf", equipment=PLATE, square="A5", facing="S"),
        dice=[3, 3],
        turns=orders(
            {
                "Ajax": {"throw": {"weapon": "dagger", "at": "Bran", "square": "B4"}},
                "Bran": {"move": "stand"},
            }
        ),
        board=[6, 6],
    )
    result = play(g)
    (thrown,) = events(result, "throw")
    assert thrown["struck"] is None and thrown["landed"] == "C6"
    assert standing(result, "Ajax")["items_lost"] == ["dagger"]


def test_a_throw_needs_three_to_twelve_squares():
    """II.E / IV.C.1: 'at least three squares away from him, but no more than 12.'"""
    g = bout(
        gladiator("Ajax", "dwarf", equipment=[*PLATE, "dagger"], square="E1", facing="N"),
        gladiator("Bran", "dwarf", equipment=PLATE, square="E3", facing="S"),
        dice=[3, 3],
        turns=orders({"Ajax": {"throw": {"weapon": "dagger", "at": "Bran", "square": "E3"}}}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Ajax.throw.at"
    assert "3 to 12" in info.value.message


def test_a_weapon_on_the_ground_is_picked_up_by_walking_onto_it():
    """IV.C.1: 'This weapon cannot be used again unless a Gladiator picks it up.'"""
    gq = GladiatorQuest()
    state = gq.setup(
        bout(
            gladiator("Ajax", "dwarf", equipment=PLATE, square="E1", facing="N"),
            gladiator("Bran", "dwarf", equipment=PLATE, square="L12", facing="S"),
        )
    )
    ajax, bran = state.fighters
    bran = bran.noted(thrown=("dagger",))
    dagger = Lying("dagger", Square.parse("E2"), "Bran")
    state = replace(state, fighters=(ajax, bran), ground=(dagger,))
    orders = {"Ajax": {"move": "forward"}, "Bran": {"move": "stand"}}
    state, _ = gq.apply(state, read_orders(gq, state, orders), Dice.scripted([3, 3]))
    assert state.ground == ()
    assert "dagger" in state.fighters[0].carried
    out = {"result": gq.result(state)}
    assert standing(out, "Ajax")["items_gained"] == ["dagger"]
    assert standing(out, "Bran")["items_lost"] == ["dagger"]
