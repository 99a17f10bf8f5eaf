"""Sudden Destruction in a campaign (docs/rules/sudden-destruction.md, "In a campaign")."""

from __future__ import annotations

import pytest

from arena.engine import play
from arena.engine.core.campaign import Entrant
from arena.engine.core.protocol import Fate
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction.campaign import (
    BOUNTY,
    KIND,
    PLATE,
    WIN_PURSE,
    SuddenDestructionCampaign,
)

CAMPAIGN = SuddenDestructionCampaign()


def entrant(name, levels=None, equipment=(), tactics=None, square=""):
    build = CAMPAIGN.new_build(KIND)
    if levels:
        build = {"levels": {**build["levels"], **levels}}
    return Entrant(name, KIND, build, 0, tuple(equipment), tactics or {}, square=square)


def test_a_new_war_machine_has_the_texts_levels_and_a_valid_build():
    build = CAMPAIGN.new_build(KIND)
    assert CAMPAIGN.build_problems(KIND, build) == []
    assert ("Hit points", "1") in CAMPAIGN.sheet(KIND, build)


@pytest.mark.parametrize(
    ("levels", "problem"),
    [
        ({"accuracy": 10}, "accuracy: 10 is outside 0-9"),
        ({"hit_points": 0}, "hit points: 0 is outside 1-9"),
        ({"min_fire": 2}, "min fire power can never be greater than max fire power"),
        ({"repair": 2}, "repair rate can never be greater than hit points"),
    ],
)
def test_a_build_breaking_a_limit_is_refused(levels, problem):
    build = {"levels": {**CAMPAIGN.new_build(KIND)["levels"], **levels}}
    assert problem in CAMPAIGN.build_problems(KIND, build)


def test_advances_raise_one_level_for_experience_and_gold_within_the_limits():
    build = CAMPAIGN.new_build(KIND)
    offered = {a.key: a for a in CAMPAIGN.advances(KIND, build, 0)}
    assert (offered["accuracy"].xp, offered["accuracy"].gold) == (1, 25)
    assert (offered["hit_points"].xp, offered["hit_points"].gold) == (2, 50)
    raised = CAMPAIGN.advance(KIND, build, 0, "accuracy")
    assert raised["levels"]["accuracy"] == 1
    assert CAMPAIGN.build_problems(KIND, raised) == []
    capped = {"levels": {**build["levels"], "accuracy": 9, "min_fire": 1, "repair": 1}}
    keys = {a.key for a in CAMPAIGN.advances(KIND, capped, 0)}
    assert not keys & {"accuracy", "min_fire", "repair"}  # level 9; min = max; repair = HP
    with pytest.raises(KeyError):
        CAMPAIGN.advance(KIND, capped, 0, "accuracy")


def test_the_armoury_sells_a_plate_every_machine_may_carry_up_to_three():
    plate = CAMPAIGN.armoury()[PLATE]
    assert plate["price"] > 0
    build = CAMPAIGN.new_build(KIND)
    assert CAMPAIGN.equipment_problems(KIND, build, [PLATE] * 3) == []
    assert CAMPAIGN.equipment_problems(KIND, build, [PLATE] * 4) == ["at most 3 armour plates"]


def test_bout_input_starts_each_machine_at_its_campaign_levels_on_free_corners():
    bout = CAMPAIGN.bout_input(
        [
            entrant("Red", {"accuracy": 3}, equipment=[PLATE, PLATE]),
            entrant("Blue", square="A1", tactics={"research": "hull", "stale": "x"}),
        ],
        {"board": [8, 8], "max_rounds": 50},
        seed=5,
        by_tactics=True,
    )
    red, blue = bout["gladiators"]
    assert (red["square"], red["levels"]["accuracy"], red["armour"]) == ("H8", 3, 2)
    assert (blue["square"], blue["tactics"]) == ("A1", {"research": "hull"})
    assert bout["seed"] == 5 and bout["options"]["tactics"] is True
    log = play(bout)
    assert log["result"]["finished"]


def test_outcomes_pay_the_purse_the_bounty_and_experience():
    bout = CAMPAIGN.bout_input(
        [entrant("Red", {"accuracy": 9, "min_fire": 1}), entrant("Blue")],
        {},
        seed=1,
        by_tactics=False,
    )
    bout["gladiators"][1]["square"] = bout["gladiators"][0]["square"]
    bout["dice"] = [1, 1]  # Red's shot: a 0 hits for 1 (min = max); Blue never fires back
    bout["turns"] = [{"Red": {"actions": [{"fire": "Blue"}]}, "Blue": {"return_fire": False}}]
    log = play(bout)
    outcomes = CAMPAIGN.outcomes(log, {})
    red, blue = outcomes["Red"], outcomes["Blue"]
    assert (red.won, red.gold, red.xp, red.defeated) == (True, WIN_PURSE + BOUNTY, 3, 1)
    assert (blue.fate, blue.lost, blue.killed_by, blue.gold) == (Fate.DEAD, True, "Red", 0)


def test_levels_won_in_a_bout_pay_experience_and_used_plates_are_lost():
    bout = CAMPAIGN.bout_input(
        [entrant("Red", {"accuracy": 9, "min_fire": 1}), entrant("Blue", equipment=[PLATE])],
        {"max_rounds": 1},
        seed=1,
        by_tactics=False,
    )
    bout["gladiators"][1]["square"] = bout["gladiators"][0]["square"]
    bout["dice"] = [2, 1]  # Blue raises initiative (a 1); Red hits for 1: the plate takes it
    bout["turns"] = [
        {
            "Red": {"actions": [{"fire": "Blue"}]},
            "Blue": {"tech": {"attribute": "initiative", "level": 1}, "return_fire": False},
        }
    ]
    outcomes = CAMPAIGN.outcomes(play(bout), {})
    blue = outcomes["Blue"]
    assert (blue.fate, blue.items_lost, blue.xp) == (Fate.FIGHTING, [PLATE], 1 + 1)
    assert not blue.won and not blue.lost  # the round limit: a tie


def test_options_and_starting_squares():
    assert CAMPAIGN.clean_options({"board": [6, 6]}, by_tactics=True) == {
        "board": [6, 6],
        "max_rounds": 100,
    }
    with pytest.raises(EngineInputError, match=r"options\.walls"):
        CAMPAIGN.clean_options({"walls": []}, by_tactics=False)
    assert CAMPAIGN.start_problems({"board": [6, 6]}, "F6") == []
    assert CAMPAIGN.start_problems({"board": [6, 6]}, "C3") == [
        "counters start at a corner: A1, F6, F1, A6"
    ]
