"""Regression check: 200 seeded random bouts still give the logs recorded for them.

golden/random_bouts.json holds ~200 random bouts of 2-8 gladiators (random types, equipment,
tactics, teams, bonuses, boards, walls and contests), each with the SHA-256 of
`json.dumps(play(bout))` (or the EngineInputError text), its turn count and winner. A digest
only says that something changed, not what: when one fails, compare the logs themselves
(tests/engine/gladiatorquest/golden/*.out.json shows a few in full).

Record it again only with an intended change of the log (and a new rule set version):
    python -m tests.engine.gladiatorquest.test_random_bouts
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from arena.engine import EngineInputError, play
from arena.engine.rulesets.gladiatorquest import ITEMS, TACTICS_CHOICES, TYPES, equipment_errors

REFERENCE = Path(__file__).parent / "golden" / "random_bouts.json"
COUNT = 200
BUYABLE = sorted(s for s, i in ITEMS.items() if not i.natural and not i.bow)
WEAPONS = sorted(s for s, i in ITEMS.items() if i.kind.value == "weapon" and not i.natural)


def _gladiator(rng: random.Random, index: int, contest: str) -> dict[str, Any]:
    type_ = rng.choice(sorted(TYPES))
    equipment = rng.sample(BUYABLE, rng.randint(0, 4))
    if rng.random() < 0.3:
        equipment += ["dagger"] * rng.randint(1, 3)
    if equipment_errors(type_, equipment, contest):
        equipment = list(TYPES[type_].equipment)
    tactics = {k: rng.choice(v) for k, v in TACTICS_CHOICES.items() if rng.random() < 0.4}
    if rng.random() < 0.15:
        tactics["weapon"] = rng.choice(WEAPONS)
    g: dict[str, Any] = {
        "name": f"G{index}",
        "type": type_,
        "equipment": equipment,
        "tactics": tactics,
        "team": rng.choice([None, None, "red", "blue"]),
        "bonuses": {
            "attack": rng.randint(0, 1),
            "defend": rng.randint(0, 1),
            "movement": rng.randint(0, 1),
            "body": rng.randint(0, 2),
            "mind": rng.randint(0, 1),
        },
    }
    return g


def _bout(rng: random.Random) -> dict[str, Any]:
    contest = rng.choice(["standard"] * 6 + ["one_against_many", "daggers_only"])
    n = rng.randint(2, 8)
    gs = [_gladiator(rng, i, contest) for i in range(n)]
    if contest == "daggers_only":
        daggers = rng.randint(1, 3)
        for g in gs:
            g["equipment"] = ["dagger"] * daggers + [
                s for s in g["equipment"] if ITEMS[s].kind.value == "potion"
            ]
    if contest == "one_against_many":
        for g in gs:
            g["team"] = None
    if len({g["team"] or g["name"] for g in gs}) < 2:
        gs[0]["team"] = "solo"
    width, height = rng.randint(6, 12), rng.randint(6, 12)
    walls = sorted(
        {f"{chr(65 + rng.randint(1, width - 2))}{rng.randint(2, height - 1)}" for _ in range(3)}
    )
    options: dict[str, Any] = {"board": [width, height], "max_turns": 400, "contest": contest}
    if rng.random() < 0.4:
        options["walls"] = walls
    bout: dict[str, Any] = {
        "ruleset": "gladiatorquest",
        "seed": rng.randint(0, 2**32),
        "options": options,
        "gladiators": gs,
    }
    if rng.random() < 0.15:
        # Play-by-web: the given (empty, so tactics play) turns run out and "next" is output.
        bout["turns"] = [{"turn": t + 1, "orders": {}} for t in range(rng.randint(0, 30))]
    return bout


def _outcome(bout: dict[str, Any]) -> dict[str, Any]:
    try:
        text = json.dumps(play(bout))
    except EngineInputError as exc:
        return {"error": str(exc)}
    result = json.loads(text)
    return {
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "turns": len(result["turns"]),
        "winner": result["result"]["winner"],
        "finished": result["result"]["finished"],
    }


@functools.cache
def _load() -> list[dict[str, Any]]:
    return json.loads(REFERENCE.read_text())["cases"]


def test_the_reference_covers_enough_bouts():
    cases = _load()
    assert len(cases) >= COUNT
    played = [c for c in cases if "sha256" in c["expected"]]
    assert len(played) >= COUNT * 0.9
    assert {len(c["bout"]["gladiators"]) for c in played} == set(range(2, 9))


@pytest.mark.parametrize("index", range(COUNT))
def test_a_random_bout_gives_its_recorded_log(index):
    case = _load()[index]
    assert _outcome(case["bout"]) == case["expected"]


def record() -> None:
    rng = random.Random(20240601)
    cases = []
    for _ in range(COUNT):
        bout = _bout(rng)
        cases.append({"bout": bout, "expected": _outcome(bout)})
    REFERENCE.write_text(json.dumps({"cases": cases}, indent=None, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    record()
