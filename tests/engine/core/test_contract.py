"""The contract the Django side calls: play(), EngineInputError, rulesets_available()."""

from __future__ import annotations

import json

import pytest

from arena.engine import EngineInputError, play, rulesets_available
from tests.engine.gladiatorquest.helpers import bout, gladiator


def test_rulesets_available_lists_gladiatorquest():
    assert {"slug": "gladiatorquest", "version": "1.3", "title": "GladiatorQuest"} in (
        rulesets_available()
    )


def test_a_1v1_auto_bout_finishes_with_a_winner_and_full_snapshots():
    """II.G: 'Play continues until there is only one Gladiator or team left standing.'"""
    result = play(
        bout(
            gladiator("Brutus", equipment=["broadsword", "helmet"]),
            gladiator("Nox", "wizard"),
            seed=42,
        )
    )
    json.dumps(result)
    assert result["ruleset"] == "gladiatorquest" and result["version"] == "1.3"
    assert result["board"] == [12, 12]
    assert result["result"]["finished"] is True
    assert result["result"]["winner"] in ("Brutus", "Nox")
    for turn in result["turns"]:
        assert turn["phase"] in ("movement", "combat")
        assert set(turn["gladiators"]) == {"Brutus", "Nox"}
        for snap in turn["gladiators"].values():
            assert {"square", "facing", "body", "alive", "status"} <= set(snap)
        assert isinstance(turn["ground"], list)
    places = sorted(s["place"] for s in result["result"]["standings"])
    assert places == [1, 2]


def test_engine_input_error_names_field_and_message():
    with pytest.raises(EngineInputError) as info:
        play(bout(gladiator("A", "troll"), gladiator("B")))
    err = info.value
    assert err.field == "gladiators[0].type"
    assert str(err) == f"{err.field}: {err.message}"
    assert isinstance(err, ValueError)


def test_unknown_ruleset_is_refused():
    with pytest.raises(EngineInputError) as info:
        play({"ruleset": "chess"})
    assert info.value.field == "ruleset"


def test_same_input_gives_byte_identical_output():
    b = bout(gladiator("A"), gladiator("B", "dwarf"), seed=7)
    assert json.dumps(play(b)) == json.dumps(play(b))
