"""A log as play() gives it is the log as it is stored and read back: JSON values only (lists,
not tuples; words, numbers), so that what the worker compares or shows before the log is
stored is what a replay reads afterwards. Checked over every rule set's golden bouts (core
writes most events from their annotations: a field that holds more than it says shows here).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.engine import play

ENGINE_TESTS = Path(__file__).parents[1]
BOUTS = sorted(ENGINE_TESTS.glob("*/golden/*.in.json"))


def test_every_rule_set_has_golden_bouts_here() -> None:
    rulesets = {json.loads(path.read_text())["ruleset"] for path in BOUTS}
    assert {"gladiatorquest", "arena-of-the-elders", "gladiator-101", "gladiator-arena"} <= (
        rulesets
    )


@pytest.mark.parametrize("path", BOUTS, ids=lambda path: f"{path.parent.parent.name}/{path.name}")
def test_a_played_log_equals_the_log_read_back(path: Path) -> None:
    log = play(json.loads(path.read_text()))
    assert json.loads(json.dumps(log)) == log
