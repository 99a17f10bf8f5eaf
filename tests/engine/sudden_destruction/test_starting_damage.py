"""A bout input sets a counter's starting damage, as it sets its levels: a position is set up
or resumed, and the repair rules play from it through `play`, with scripted d10s."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from arena.engine import play
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction import setup_bout


def scripted(*faces: int) -> list[int]:
    """The bout input's scripted d10s: a face 0-9 is written 1-10 (Dice.d10(zero_based))."""
    return [face + 1 for face in faces]


def bout(red: dict[str, Any], blue: dict[str, Any], turns: list, dice: list[int]) -> dict:
    return {
        "ruleset": "sudden-destruction",
        "gladiators": [{"name": "Red", **red}, {"name": "Blue", **blue}],
        "dice": dice,
        "turns": turns,
    }


def round_one(log: dict[str, Any]) -> dict[str, Any]:
    return log["turns"][0]


def repairs(record: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [
        (e["name"], e["before"], e["after"]) for e in record["events"] if e["type"] == "repaired"
    ]


WAIT = {"actions": []}


def test_the_starting_damage_is_the_state_the_first_round_plays_from():
    state = setup_bout(bout({"levels": {"hit_points": 5}, "damage": 3}, {}, [], []))
    assert [m.damage for m in state.machines] == [3, 0]
    assert state.machines[0].hp_left == 2


def test_three_damage_with_repair_one_leaves_two():
    """3: 'a player has a total of 3 damage. He has a repair rate of 1. So he subtracts from
    his damage thus: 3-1=2.'"""
    red = {"square": "A1", "levels": {"hit_points": 5, "repair": 1}, "damage": 3}
    log = play(bout(red, {"square": "H8"}, [{"Red": WAIT, "Blue": WAIT}], []))
    record = round_one(log)
    assert repairs(record) == [("Red", 3, 2)]
    assert record["gladiators"]["Red"]["damage"] == 2
    assert record["gladiators"]["Red"]["hp"] == 3


def test_repair_never_goes_below_zero():
    """3: 'a player has suffered 1 damage in total. His repair rate is 2. After subtracting
    his repair rate, he is back to 0 damage, not -1.'"""
    red = {"square": "A1", "levels": {"hit_points": 5, "repair": 2}, "damage": 1}
    log = play(bout(red, {"square": "H8"}, [{"Red": WAIT, "Blue": WAIT}], []))
    assert repairs(round_one(log)) == [("Red", 1, 0)]
    assert round_one(log)["gladiators"]["Red"]["damage"] == 0


def test_a_hit_below_the_hit_points_is_repaired_after_the_actions():
    """3: 'With all players actions completed for the round, each player now repairs'. Blue
    starts on 1 damage of 3: a hit for 1 leaves it on 2 in the action phase, the repair then
    takes it back to 1."""
    red = {"square": "A1", "levels": {"accuracy": 9}}
    blue = {"square": "A1", "levels": {"hit_points": 3, "repair": 1}, "damage": 1}
    fire = {"actions": [{"fire": "Blue"}]}
    log = play(bout(red, blue, [{"Red": fire, "Blue": {"return_fire": False}}], scripted(0, 9)))
    record = round_one(log)
    shot = next(e for e in record["events"] if e["type"] == "shot")
    assert shot["target_damage"] == 2
    assert repairs(record) == [("Blue", 2, 1)]
    assert record["gladiators"]["Blue"]["alive"]


def test_destroyed_even_with_a_repair_rate():
    """3: 'when the amount of damage reaches the number of hit points (which can only occur
    during the action phase) then - SUDDEN DESTRUCTION. The game is over for that player,
    even if he has a repair rate which would've helped him recover after the action phase.'
    Blue starts on 2 damage of 3 with a repair rate of 2: one hit for 1 destroys it."""
    red = {"square": "A1", "levels": {"accuracy": 9}}
    blue = {"square": "A1", "levels": {"hit_points": 3, "repair": 2}, "damage": 2}
    fire = {"actions": [{"fire": "Blue"}]}
    log = play(bout(red, blue, [{"Red": fire, "Blue": {"return_fire": False}}], scripted(0, 9)))
    record = round_one(log)
    assert [e["name"] for e in record["events"] if e["type"] == "destroyed"] == ["Blue"]
    assert not record["gladiators"]["Blue"]["alive"]
    assert repairs(record) == []
    assert log["result"]["winner"] == "Red"


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"damage": 1}, "from 0 to 0: damage reaching the hit points (1)"),
        ({"levels": {"hit_points": 3}, "damage": 3}, "from 0 to 2"),
        ({"levels": {"hit_points": 3}, "damage": -1}, "from 0 to 2"),
        ({"levels": {"hit_points": 3}, "damage": True}, "from 0 to 2"),
        ({"levels": {"hit_points": 3}, "damage": "2"}, "from 0 to 2"),
    ],
)
def test_damage_reaching_the_hit_points_is_refused_in_words(entry, words):
    with pytest.raises(EngineInputError) as error:
        setup_bout(bout(entry, {}, [], []))
    assert error.value.field == "gladiators[0].damage"
    assert words in error.value.message


def test_the_command_line_names_the_damage_field():
    text = json.dumps(bout({"damage": 1}, {}, [], []))
    done = subprocess.run(
        [sys.executable, "-m", "arena.engine", "play", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("gladiators[0].damage: a whole number from 0 to 0")
    assert done.stderr.count("\n") == 1
