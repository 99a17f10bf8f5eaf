"""Every golden bout (golden/__init__.py) still gives the log stored for it, line for line.

On a mismatch the test prints the unified diff of the bout's stored and new log. Write the
goldens again only with an intended change of the log and a new rule set version:

    .venv/bin/python -m tests.engine.sudden_destruction.golden
"""

from __future__ import annotations

import difflib
import json

import pytest

from arena.engine.rulesets.sudden_destruction import Idle, Why
from tests.engine.sudden_destruction.golden import BOUTS, path_of, render


@pytest.mark.parametrize("name", sorted(BOUTS))
def test_bout_replays_its_golden_log(name):
    stored = path_of(name).read_text(encoding="utf-8")
    fresh = render(name)
    if fresh != stored:
        diff = difflib.unified_diff(
            stored.splitlines(),
            fresh.splitlines(),
            f"{name} (stored)",
            f"{name} (now)",
            lineterm="",
        )
        pytest.fail("the log changed:\n" + "\n".join(diff), pytrace=False)


def _events():
    for name in BOUTS:
        log = json.loads(path_of(name).read_text(encoding="utf-8"))["log"]
        for turn in log["turns"]:
            yield from turn["events"]


def test_the_goldens_reach_every_mechanic():
    """The goldens guard the whole rule set only if they reach each of its branches."""
    events = list(_events())
    kinds = {e["type"] for e in events}
    assert kinds >= {
        "phase", "tech", "moved", "idle", "declared", "evaded", "shot", "destroyed",
        "repaired", "finished",
    }  # fmt: skip
    assert {e["success"] for e in events if e["type"] == "tech"} == {True, False}
    assert {e["why"] for e in events if e["type"] == "declared"} == {w.value for w in Why}
    idles = {e["reason"] for e in events if e["type"] == "idle"}
    assert idles >= {Idle.NO_TARGET.value, Idle.ARRIVED.value, Idle.OUT_OF_RANGE.value}
    shots = [e for e in events if e["type"] == "shot"]
    assert any(s["absorbed"] for s in shots) and any(not s["hit"] for s in shots)
    assert any(e["evading"] for e in events if e["type"] == "moved")
