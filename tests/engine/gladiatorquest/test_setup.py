"""GladiatorQuest's setup works out what depends only on plain values once (functools caches,
docs/decisions/0040-speed-from-design.md). A cached answer must never leak into another
bout: an input that only compares equal to a good one is still refused, bad input is refused
every time with the same words, and each bout gets fighters of its own."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import setup
from arena.engine.rulesets.gladiatorquest.state import to_json
from tests.engine.gladiatorquest.helpers import bout, gladiator


def _refusal(data: dict) -> tuple[str, str]:
    with pytest.raises(EngineInputError) as refused:
        setup.setup(data)
    return refused.value.field, refused.value.message


@pytest.mark.parametrize(
    ("good", "bad", "field"),
    [
        ({"continue_with_tactics": False}, {"continue_with_tactics": 0}, "continue_with_tactics"),
        ({"max_turns": 1}, {"max_turns": True}, "max_turns"),
        ({"max_turns": 5}, {"max_turns": 5.0}, "max_turns"),
        ({"board": [12, 12]}, {"board": [12, 12.0]}, "board"),
    ],
)
def test_a_value_equal_to_a_cached_good_one_is_still_refused(good, bad, field) -> None:
    pair = (gladiator("A"), gladiator("B", "wizard"))
    setup.setup(bout(*pair, **good))
    assert _refusal(bout(*pair, **bad))[0] == f"options.{field}"


def test_bad_input_is_refused_every_time_in_the_same_words() -> None:
    cases = {
        "gladiators[1].equipment": bout(
            gladiator("A"), gladiator("B", "wizard", equipment=["battle_axe"])
        ),
        "gladiators[0].bonuses.body": bout(gladiator("A", bonuses={"body": 51}), gladiator("B")),
        "gladiators[1].square": bout(gladiator("A", square="C3"), gladiator("B", square="C3")),
    }
    for field, data in cases.items():
        first, second = _refusal(data), _refusal(data)
        assert first == second
        assert first[0] == field
    assert _refusal(cases["gladiators[1].square"])[1] == "C3 is already A's"


def test_each_bout_gets_fighters_of_its_own_and_the_same_start() -> None:
    data = bout(gladiator("A"), gladiator("B", "elf"), gladiator("C", "orc", team="x"))
    first, second = setup.setup(data), setup.setup(data)
    assert to_json(first) == to_json(second)
    assert all(a is not b for a, b in zip(first.fighters, second.fighters, strict=True))


def test_starting_places_follow_the_line_up_not_the_names() -> None:
    def starts(names: list[str], teams: list[str | None]) -> list[tuple[str, str]]:
        data = bout(*(gladiator(n, team=t) for n, t in zip(names, teams, strict=True)))
        return [(str(f.square), f.facing.value) for f in setup.setup(data).fighters]

    teams = ["red", None, "red", None]
    assert starts(["A", "B", "C", "D"], teams) == starts(["W", "X", "Y", "Z"], teams)
    # The first-seen side is placed first whatever it is called: a different line-up differs.
    assert starts(["A", "B", "C", "D"], teams) != starts(["A", "B", "C", "D"], [None] * 4)
    given = bout(gladiator("A", square="B2", facing="E"), gladiator("B"))
    fighters = setup.setup(given).fighters
    assert (str(fighters[0].square), fighters[0].facing.value) == ("B2", "E")


@pytest.mark.parametrize("value", [["barbarian"], {"barbarian": 1}])
def test_a_type_that_is_no_name_is_refused_in_words(value) -> None:
    field, message = _refusal(bout({"name": "A", "type": value}, gladiator("B")))
    assert field == "gladiators[0].type" and message.startswith("unknown gladiator type")


@pytest.mark.parametrize("value", [[["genie"]], [{"spell": "genie"}], [1]])
def test_spells_that_are_no_names_are_refused_in_words(value) -> None:
    field, message = _refusal(bout(gladiator("A", "wizard", spells=value), gladiator("B")))
    assert (field, message) == ("gladiators[0].spells", "must be a list of spell slugs")
