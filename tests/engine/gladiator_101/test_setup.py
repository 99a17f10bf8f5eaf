"""The bout input, field by field, as docs/rules/gladiator-101.md ("The bout input") has it."""

from __future__ import annotations

import pytest

from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiator_101.setup import setup_bout


def bout(*entries: dict, **fields) -> dict:
    return {"gladiators": list(entries), **fields}


def test_fields_left_out_take_their_defaults():
    state = setup_bout(bout({"name": "Red"}, {"name": "Blue"}, dice=[]))
    red, blue = state.fighters
    assert (str(red.square), str(blue.square)) == ("E2", "F9")
    assert (red.accuracy, red.reflex, red.strength, red.feats) == (0, 0, 0, ())
    assert red.tactics.to_json() == {"aim": "best", "style": "best"}
    assert (state.options.width, state.options.height, state.options.max_turns) == (10, 10, 120)
    assert state.first == 0  # scripted dice: the first listed goes first


def test_every_field_given_is_the_starting_state():
    """'One combatant is randomly decided to go first': the input may name who."""
    red = {
        "name": "Red",
        "square": "C3",
        "scores": {"accuracy": 12, "reflex": 7, "strength": 30},
        "feats": ["keen-eye", "swordsman-foil"],
        "tactics": {"aim": "low", "style": "focused"},
    }
    state = setup_bout(
        bout(red, {"name": "Blue"}, first="Blue", options={"board": [6, 12], "max_turns": 9})
    )
    fighter = state.fighters[0]
    assert str(fighter.square) == "C3"
    assert (fighter.accuracy, fighter.reflex, fighter.strength) == (12, 7, 30)
    assert fighter.feats == ("keen-eye", "swordsman-foil")
    assert fighter.tactics.to_json() == {"aim": "low", "style": "focused"}
    assert state.first == 1
    assert (state.options.width, state.options.height, state.options.max_turns) == (6, 12, 9)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"gladiators": [{"name": "Red"}]}, "gladiators", "two gladiators"),
        ({"first": "Green"}, "first", "one of the gladiators (Red, Blue)"),
        ({"options": {"max_turns": 1}}, "options.max_turns", "from 2 to 1000"),
        ({"options": {"board": [2, 10]}}, "options.board", "from 3"),
    ],
)
def test_a_bad_bout_field_is_named(change, field, words):
    with pytest.raises(EngineInputError) as error:
        setup_bout({**bout({"name": "Red"}, {"name": "Blue"}), **change})
    assert error.value.field == field
    assert words in error.value.message


@pytest.mark.parametrize(
    ("entry", "field", "words"),
    [
        ({"square": "K1"}, "gladiators[0].square", "off the board"),
        ({"square": "F9"}, "gladiators[1].square", "both gladiators on one square"),
        ({"scores": {"accuracy": 101}}, "gladiators[0].scores.accuracy", "from 0 to 100"),
        ({"scores": {"luck": 5}}, "gladiators[0].scores", "accuracy, reflex, strength"),
        ({"feats": ["keen-eye", "keen-eye-foil"]}, "gladiators[0].feats", "assigned twice"),
        ({"feats": ["flight"]}, "gladiators[0].feats", "not a feat of Gladiator 101"),
        ({"tactics": {"aim": "feet"}}, "gladiators[0].tactics.aim", "one of best, high, mid, low"),
        ({"wings": 2}, "gladiators[0].wings", "unknown field"),
    ],
)
def test_a_bad_gladiator_field_is_named(entry, field, words):
    with pytest.raises(EngineInputError) as error:
        setup_bout(bout({"name": "Red", **entry}, {"name": "Blue"}))
    assert error.value.field == field
    assert words in error.value.message
