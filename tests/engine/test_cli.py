"""`python -m arena.engine play FILE|-`: JSON in, JSON out; bad input is one stderr line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "ruleset": "gladiatorquest",
    "seed": 42,
    "gladiators": [{"name": "Brutus", "type": "barbarian"}, {"name": "Nox", "type": "wizard"}],
}


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_good_input_from_a_file_prints_the_log(tmp_path):
    path = tmp_path / "bout.json"
    path.write_text(json.dumps(GOOD))
    done = _run("", "play", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"]["finished"] is True


def test_good_input_from_stdin_matches_play():
    from arena.engine import play

    done = _run(json.dumps(GOOD), "play", "-")
    assert done.returncode == 0
    assert done.stdout.strip() == json.dumps(play(GOOD))


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "json"),
        (json.dumps(GOOD | {"ruleset": "chess"}), "ruleset"),
        (
            json.dumps(
                GOOD
                | {"gladiators": [{"name": "A", "type": "troll"}, {"name": "B", "type": "elf"}]}
            ),
            "gladiators[0].type",
        ),
        (
            json.dumps(
                GOOD
                | {
                    "gladiators": [
                        {"name": "A", "type": "wizard", "equipment": ["battle_axe"]},
                        {"name": "B", "type": "elf"},
                    ]
                }
            ),
            "gladiators[0].equipment",
        ),
        (
            json.dumps(GOOD | {"turns": [{"orders": {"Brutus": {"move": "fly"}}}]}),
            "turns[0].orders.Brutus.move",
        ),
    ],
    ids=[
        "invalid-json",
        "unknown-ruleset",
        "unknown-type",
        "illegal-equipment",
        "impossible-order",
    ],
)
def test_bad_input_is_one_stderr_line_and_exit_2(text, field):
    done = _run(text, "play", "-")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{field}: ")
