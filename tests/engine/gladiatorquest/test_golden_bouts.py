"""Golden bouts (golden.py): each stored bout replays to exactly its stored log and states.

A mismatch prints the diff of the lines that changed (one event, one gladiator a line). After
a change of behaviour, regenerate them, read the diff, and bump the rule set's version:

    .venv/bin/python -m tests.engine.gladiatorquest.golden
"""

from __future__ import annotations

import difflib

import pytest

from tests.engine.gladiatorquest.golden import GOLDEN, cases, golden_text, written_cases

DIFF_LINES = 80


@pytest.mark.parametrize("case", cases())
def test_a_golden_bout_replays_to_its_stored_log(case: str) -> None:
    stored = (GOLDEN / f"{case}.json").read_text()
    replayed = golden_text(case)
    if replayed != stored:
        diff = difflib.unified_diff(
            stored.splitlines(), replayed.splitlines(), "stored", "replayed", lineterm=""
        )
        pytest.fail(f"{case} replays differently:\n" + "\n".join(list(diff)[:DIFF_LINES]))


def test_the_golden_bouts_cover_the_mechanics() -> None:
    """Every kind of event the rule set tells shows up in some stored bout."""
    told = set()
    for case in cases():
        told |= {
            line.split('"type": "')[1].split('"')[0]
            for line in (GOLDEN / f"{case}.json").read_text().splitlines()
            if '"type": "' in line
        }
    assert len(written_cases()) >= 9
    assert {"movement_roll", "move", "bump", "attack", "throw", "spell", "potion"} <= told
    assert {"combat", "fallen", "bout_over", "pick_up", "appeal", "exit", "status", "turn"} <= told
