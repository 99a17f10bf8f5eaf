"""Golden replays: stored bouts must resolve to exactly the stored log.

Regenerate after an intended rules change with:
    python -m tests.engine.gladiatorquest.test_golden
(then review the diff and bump the rule set version)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.engine import play

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json"))


@pytest.mark.parametrize("case", CASES)
def test_golden_replay_is_byte_identical(case):
    bout = json.loads((GOLDEN / f"{case}.in.json").read_text())
    expected = (GOLDEN / f"{case}.out.json").read_text()
    assert json.dumps(play(bout), indent=1) + "\n" == expected


def test_there_are_golden_files():
    assert len(CASES) >= 3


def regenerate() -> None:
    for case in CASES:
        bout = json.loads((GOLDEN / f"{case}.in.json").read_text())
        (GOLDEN / f"{case}.out.json").write_text(json.dumps(play(bout), indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
