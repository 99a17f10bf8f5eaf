"""Every stored bout replays byte for byte: each golden case's log (goldens.py says how they
are kept and regenerated) is what `arena.engine.play` writes for its bout today."""

from __future__ import annotations

import difflib
import json
from collections import Counter

import pytest

from arena.engine.rulesets.gladiator_101.ruleset import Gladiator101
from tests.engine.gladiator_101.goldens import CASES, log_text, stored


@pytest.mark.parametrize("case", CASES)
def test_the_stored_log_replays_byte_for_byte(case):
    expected, got = stored(case), log_text(case)
    if got != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), got.splitlines(), f"golden/{case}.out.json", "now", lineterm=""
        )
        pytest.fail("the log changed:\n" + "\n".join(list(diff)[:80]))


@pytest.mark.parametrize("case", CASES)
def test_a_golden_log_is_of_this_version_and_finished(case):
    log = json.loads(stored(case))
    assert log["version"] == Gladiator101.version
    assert log["result"]["finished"] is True


def test_the_golden_logs_cover_every_mechanic():
    """Between them the cases show every kind of event, every way a strike comes out and
    every special feat that takes effect in a bout, so a change to any of them shows up."""
    kinds: Counter[str] = Counter()
    results: set[str] = set()
    feats: set[str] = set()
    for case in CASES:
        for turn in json.loads(stored(case))["turns"]:
            for event in turn["events"]:
                kinds[event["type"]] += 1
                results.add(event.get("result", ""))
                if event["type"] in ("boosted", "used"):
                    feats.add(event["feat"])
    assert set(kinds) == {"began", "moved", "used", "struck", "wounded", "boosted", "fell", "ended"}
    assert {"miss", "full", "partial", "glancing", "crit"} <= results
    specials = {"Riposte", "Bloodlust", "Hamstring", "Sweep", "Last Stand"}
    abilities = {"Battle Cry", "Feint", "Guard", "Intimidate", "Second Wind", "Rally",
                 "Patient Hunter", "Taunting Guard"}  # fmt: skip
    assert specials | abilities <= {f.removesuffix(" (foil)") for f in feats}
