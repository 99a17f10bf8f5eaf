"""IV. Movement Phase: classes and dice, written directions, facing, contact."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from tests.engine.gladiatorquest.helpers import bout, events, gladiator, orders, play


@pytest.mark.parametrize(
    ("equipment", "weight", "dice"),
    [
        (["broadsword", "chain_mail"], "heavy", 1),
        (["broadsword", "helmet", "shield"], "heavy", 1),
        (["broadsword", "helmet"], "medium", 2),
        (["broadsword", "shield"], "medium", 2),
        (["broadsword"], "light", 3),
    ],
)
def test_the_class_sets_the_movement_dice(equipment, weight, dice):
    """IV.A: 'Heavy ... rolls 1 red die ... Medium ... 2 red dice ... Light ... 3 red dice.
    ... if a Gladiator has both a helmet and a shield he is considered in the Heavy class.'"""
    g = bout(
        gladiator("Brutus", equipment=equipment, square="A1"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="L12"),
        dice=[2] * dice + [1],
        turns=orders({}),
    )
    roll = events(play(g), "movement_roll")[0]
    assert roll["weight"] == weight and len(roll["dice"]) == dice
    assert roll["points"] == 2 * dice


def _walk(order, facing="N", square="E5", points=3):
    g = bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square=square, facing=facing),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="L12"),
        dice=[points, 1],
        turns=orders({"Brutus": order, "Nox": {"move": "stand"}}),
    )
    return play(g)["turns"][0]


def test_backing_up_keeps_the_facing():
    """IV.B.2: 'BACKUP (this is done without turning around)'."""
    turn = _walk({"move": "back"})
    assert turn["gladiators"]["Brutus"]["square"] == "E4"
    assert turn["gladiators"]["Brutus"]["facing"] == "N"
    assert turn["gladiators"]["Brutus"]["points"] == 2


def test_left_and_right_step_sideways_relative_to_the_facing():
    """IV.B.2: 'Gladiators can move LEFT, RIGHT, FORWARD ...' (sidesteps, Ludus ruling)."""
    assert _walk({"move": "left"}, facing="E")["gladiators"]["Brutus"]["square"] == "E6"
    assert _walk({"move": "right"}, facing="E")["gladiators"]["Brutus"]["square"] == "E4"


def test_standing_still_costs_no_point_and_turning_around_costs_one():
    """IV.B.2 'STANDING STILL does not count as a movement'; IV.B.4 'Players may not turn all
    the way around - to do this takes a movement point'."""
    assert _walk({"move": "stand"})["gladiators"]["Brutus"]["points"] == 3
    turned = _walk({"move": "turn_around"})["gladiators"]["Brutus"]
    assert turned["facing"] == "S" and turned["points"] == 2 and turned["square"] == "E5"


def test_one_free_pivot_per_movement_phase():
    """IV.B.4: 'Players may pivot their figures to the left or to the right once during their
    movement - either before or after they move a square.'"""
    turn = _walk({"move": "forward", "pivot": "right", "pivot_when": "before"})
    assert turn["gladiators"]["Brutus"]["square"] == "F5"
    assert turn["gladiators"]["Brutus"]["facing"] == "E"
    g = bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E5"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="L12"),
        dice=[3, 1],
        turns=orders(
            {"Brutus": {"move": "forward", "pivot": "left"}, "Nox": {}},
            {"Brutus": {"pivot": "left"}},
        ),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[1].orders.Brutus.pivot"


def test_walking_into_the_edge_is_a_bump():
    """III.A: the board's edge is the arena wall."""
    turn = _walk({"move": "back"}, square="E1")
    assert turn["gladiators"]["Brutus"]["square"] == "E1"
    assert turn["events"][-1]["type"] == "bump"


def test_two_gladiators_entering_one_square_both_stay_and_fight():
    """V.A: 'If two or more Gladiators ... attempt to move into the same square, they have
    entered Combat Phase.'"""
    g = bout(
        gladiator("Brutus", equipment=["broadsword", "plate_mail"], square="E4"),
        gladiator("Nox", "dwarf", equipment=["shortsword", "plate_mail"], square="E6", facing="S"),
        dice=[2, 2],
        turns=orders({"Brutus": {"move": "forward"}, "Nox": {"move": "forward"}}),
    )
    result = play(g)
    turn = result["turns"][0]
    assert [e["reason"] for e in events(result, "bump")] == ["contested", "contested"]
    assert turn["gladiators"]["Brutus"]["square"] == "E4"
    assert events(result, "combat")[0]["pairs"] == [["Brutus", "Nox"]]
    assert result["next"]["phase"] == "combat"


def test_after_combat_everyone_rolls_again():
    """IV.B.7: 'If he survives the Combat Phase, he must re-roll his Movement Dice ... even if
    he has movement points left.' (With seeded dice the roll ends the combat turn.)"""
    result = play(bout(gladiator("Brutus"), gladiator("Nox", "dwarf"), seed=5))
    combats = [t for t in result["turns"] if t["phase"] == "combat"]
    assert combats
    for turn in combats[:-1]:
        rolls = [e["name"] for e in turn["events"] if e["type"] == "movement_roll"]
        assert rolls == ["Brutus", "Nox"], f"turn {turn['turn']} should end with fresh rolls"


def test_an_unknown_direction_is_refused():
    g = bout(
        gladiator("Brutus", square="E5"),
        gladiator("Nox", "dwarf", square="L12"),
        dice=[1, 1, 1, 1, 1, 1],
        turns=orders({"Brutus": {"move": "fly"}}),
    )
    with pytest.raises(EngineInputError) as info:
        play(g)
    assert info.value.field == "turns[0].orders.Brutus.move"
