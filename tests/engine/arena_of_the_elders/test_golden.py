"""Arena of the Elders golden replays: stored bouts, fed through the pinned JSON contract
(`from arena.engine import play`), must resolve to exactly the stored log, byte for byte.

Each case is a pair in golden/: `<case>.in.json` (the bout) and `<case>.out.json` (its log,
`json.dumps(play(bout), indent=1) + "\\n"`). Every case is a whole bout (it finishes). The
cases by tactics are seeded; `given_orders` gives explicit orders (tests/engine/
arena_of_the_elders/golden_make.py wrote its input). Together they cover every kind of event.

A mismatch prints a unified diff of the log. Regenerate after an intended rules change with:
    python -m tests.engine.arena_of_the_elders.test_golden
then review the diff and bump the rule set's version (docs/rules/arena-of-the-elders.md).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from arena.engine import play
from arena.engine.rulesets.arena_of_the_elders import events

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json"))
KEYS = ("ignis", "mira", "brann", "kestrel", "nyx", "vorn", "marew", "ossa")
# name: (mode, arena, competitive, seed): whole bouts by tactics.
BY_TACTICS = {
    "deathmatch_ring": ("deathmatch", "elders-ring", False, 4),
    "deathmatch_competitive_steps": ("deathmatch", "drowned-steps", True, 0),
    "king_steps": ("king", "drowned-steps", False, 0),
    "king_competitive_ring": ("king", "elders-ring", True, 2),
    "flag_steps": ("flag", "drowned-steps", False, 1),
    "flag_competitive_steps": ("flag", "drowned-steps", True, 0),
}


def tactics_bout(mode: str, arena: str, competitive: bool, seed: int) -> dict:
    return {
        "ruleset": "arena-of-the-elders",
        "options": {"mode": mode, "arena": arena, "competitive": competitive, "tactics": True},
        "gladiators": [
            {"name": key.title(), "champion": key, "team": "Red" if n < 4 else "Blue"}
            for n, key in enumerate(KEYS)
        ],
        "seed": seed,
    }


def _load(case: str) -> dict:
    return json.loads((GOLDEN / f"{case}.in.json").read_text())


def _log(bout: dict) -> str:
    return json.dumps(play(bout), indent=1) + "\n"


@pytest.mark.parametrize("case", CASES)
def test_stored_bout_replays_byte_for_byte(case):
    expected = (GOLDEN / f"{case}.out.json").read_text()
    got = _log(_load(case))
    if got != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), got.splitlines(), "stored", "now", n=2, lineterm=""
        )
        pytest.fail(f"{case} no longer replays:\n" + "\n".join(list(diff)[:200]))


def test_every_case_is_stored():
    assert sorted([*BY_TACTICS, "given_orders"]) == CASES


@pytest.mark.parametrize("case", CASES)
def test_every_golden_bout_finishes(case):
    log = json.loads((GOLDEN / f"{case}.out.json").read_text())
    assert log["result"]["finished"] is True


def test_the_cases_cover_every_kind_of_event():
    kinds = {
        cls.kind
        for cls in vars(events).values()
        if isinstance(cls, type)
        and cls.__module__ == events.__name__
        and cls is not events.EldersEvent
    }
    seen = set()
    for case in CASES:
        log = json.loads((GOLDEN / f"{case}.out.json").read_text())
        seen |= {e["type"] for turn in log["turns"] for e in turn["events"]}
    assert kinds - seen == set()


def regenerate() -> None:
    for name, args in BY_TACTICS.items():
        (GOLDEN / f"{name}.in.json").write_text(json.dumps(tactics_bout(*args), indent=1) + "\n")
    for case in sorted([*BY_TACTICS, "given_orders"]):
        (GOLDEN / f"{case}.out.json").write_text(_log(_load(case)))


if __name__ == "__main__":
    regenerate()
