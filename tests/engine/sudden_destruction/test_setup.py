"""Set up: two to four players at different corners, the initial levels, the options."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.sudden_destruction import INITIAL, setup_bout


def bout(*names, **options):
    return {"gladiators": [{"name": n} for n in names], "options": options}


def test_the_initial_levels():
    """Set up: 'Hit points ... Initial value: 1', 'Movement ... 1', 'Minimum Fire Power ...
    0', 'Maximum Fire Power ... 1', 'Firing Rate ... 1', 'Range ... 0', 'Accuracy ... 0',
    'Repair Rate ... 0', 'Initiative ... 0'."""
    assert INITIAL.to_json() == {
        "hit_points": 1,
        "movement": 1,
        "min_fire": 0,
        "max_fire": 1,
        "firing_rate": 1,
        "range": 0,
        "accuracy": 0,
        "repair": 0,
        "initiative": 0,
    }
    state = setup_bout(bout("Red", "Blue"))
    assert all(m.levels == INITIAL and m.damage == 0 for m in state.machines)


def test_two_players_start_at_opposite_corners():
    """Set up: 'The players' counters are placed at different corners of the chess board.
    For two players, this would be opposite corners.'"""
    state = setup_bout(bout("Red", "Blue"))
    assert [str(m.square) for m in state.machines] == ["A1", "H8"]


def test_four_players_take_the_four_corners_of_any_board():
    state = setup_bout(bout("Red", "Blue", "Green", "Gold", board=[10, 6]))
    assert [str(m.square) for m in state.machines] == ["A1", "J6", "J1", "A6"]


def test_a_given_corner_is_not_handed_out_again():
    state = setup_bout({"gladiators": [{"name": "Red"}, {"name": "Blue", "square": "A1"}]})
    assert [str(m.square) for m in state.machines] == ["H8", "A1"]


def test_a_corner_given_later_is_not_handed_out_earlier():
    """Every entry is read before the corners are handed out: a corner that a later entry
    names is skipped for the earlier ones, whatever their order."""
    state = setup_bout(
        {"gladiators": [{"name": "Red"}, {"name": "Blue"}, {"name": "Green", "square": "H8"}]}
    )
    assert [str(m.square) for m in state.machines] == ["A1", "H1", "H8"]


def test_a_later_entrys_problem_is_named_after_an_earlier_one_without_a_square():
    with pytest.raises(EngineInputError) as error:
        setup_bout({"gladiators": [{"name": "Red"}, {"name": "Blue", "square": "Q1"}]})
    assert error.value.field == "gladiators[1].square"


@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count):
    """'This is a game for two to four players.'"""
    with pytest.raises(EngineInputError, match="two to four"):
        setup_bout(bout(*[f"P{i}" for i in range(count)]))


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"name": "Red", "levels": {"min_fire": 2}}, "gladiators[0].levels"),
        ({"name": "Red", "levels": {"accuracy": 10}}, "gladiators[0].levels"),
        ({"name": "Red", "square": "Q1"}, "gladiators[0].square"),
        ({"name": "Red", "tactics": {"research": "luck"}}, "gladiators[0].tactics.research"),
        ({"name": "Red", "wings": 2}, "gladiators[0].wings"),
    ],
)
def test_bad_entries_are_named(entry, field):
    with pytest.raises(EngineInputError) as error:
        setup_bout({"gladiators": [entry, {"name": "Blue"}]})
    assert error.value.field == field


def test_bad_options_are_named():
    with pytest.raises(EngineInputError, match=r"options\.board"):
        setup_bout(bout("Red", "Blue", board=[1, 8]))
    with pytest.raises(EngineInputError, match=r"options\.max_rounds"):
        setup_bout(bout("Red", "Blue", max_rounds=0))
