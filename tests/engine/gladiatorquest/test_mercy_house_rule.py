"""A campaign's house rule decides an appeal for mercy instead of the dice (core/mercy.py):
always spare, always kill, or a vote whose verdict comes in the bout's input."""

from __future__ import annotations

import pytest

from arena.engine import EngineInputError
from arena.engine.core.mercy import VerdictNeeded, mercy_read
from tests.engine.gladiatorquest.helpers import events, play, standing
from tests.engine.gladiatorquest.test_mercy import _wounded_wizard

APPEAL = "turn 3: Nox"
AT = f"mercy.verdicts[{APPEAL!r}]"


def _appeal(mercy, roll=3):
    """Nox appeals on turn 3; a roll of 3 + tally 2 is death by the dice."""
    return play(_wounded_wizard(roll) | {"mercy": mercy})


def test_always_spare_spares_without_rolling():
    result = _appeal({"rule": "spare"})
    assert standing(result, "Nox")["fate"] == "mercy"
    assert events(result, "appeal") == []  # no die was rolled
    (verdict,) = events(result, "mercy_verdict")
    assert verdict["rule"] == "spare" and "by the house rule he is spared" in verdict["text"]


def test_always_kill_kills_a_gladiator_the_dice_would_spare():
    result = _appeal({"rule": "kill"}, roll=6)
    nox = standing(result, "Nox")
    assert nox["fate"] == "killed" and nox["killed_by"] == "the Emperor"


def test_the_dice_rule_is_the_rule_sets_own():
    assert _appeal({"rule": "dice"}) == play(_wounded_wizard(3))


def test_a_vote_without_a_verdict_stops_the_fight_at_the_appeal():
    with pytest.raises(VerdictNeeded) as stopped:
        _appeal({"rule": "vote"})
    assert stopped.value.appeal == APPEAL and stopped.value.name == "Nox"


def test_the_vote_and_who_cast_it_are_in_the_log():
    verdict = {"verdict": "spare", "up": ["livia", "quintus"], "down": ["marcus"]}
    result = _appeal({"rule": "vote", "verdicts": {APPEAL: verdict}})
    assert standing(result, "Nox")["fate"] == "mercy"
    (logged,) = events(result, "mercy_verdict")
    assert logged["up"] == ["livia", "quintus"] and logged["down"] == ["marcus"]
    assert "thumbs up from livia, quintus, thumbs down from marcus" in logged["text"]


def test_a_vote_nobody_cast_falls_back_to_the_dice():
    result = _appeal({"rule": "vote", "verdicts": {APPEAL: {"verdict": "dice"}}}, roll=4)
    (appeal,) = events(result, "appeal")
    assert appeal["roll"] == 4 and appeal["granted"]
    assert "thumbs up from nobody" in events(result, "mercy_verdict")[0]["text"]


def test_the_same_input_replays_the_same_log():
    mercy = {"rule": "vote", "verdicts": {APPEAL: {"verdict": "kill", "down": ["gm"]}}}
    assert _appeal(mercy) == _appeal(mercy)


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ("spare", "mercy"),
        ({"rule": "thumbs"}, "mercy.rule"),
        ({"rule": "vote", "verdicts": []}, "mercy.verdicts"),
        ({"rule": "vote", "verdicts": {APPEAL: {"verdict": "maybe"}}}, AT),
        ({"rule": "vote", "verdicts": {APPEAL: {"verdict": "kill", "up": "x"}}},
         f"{AT}.up"),
    ],
)  # fmt: skip
def test_a_bad_mercy_input_is_refused_naming_the_field(raw, field):
    with pytest.raises(EngineInputError) as refused:
        mercy_read(raw)
    assert refused.value.field == field
