"""`python -m arena.engine play FILE|-`: JSON in, JSON out; bad input is one stderr line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shipped import shipped_rulesets

ROOT = Path(__file__).resolve().parents[3]
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


# Rule sets whose bouts roll no die at all: scripted dice cannot run out in them.
DICELESS = {"gladiator-arena"}


def _tactics_bout(slug: str) -> dict:
    """A bout of the rule set's first two lab builds (one twice where it has one), by tactics:
    Arena of the Elders fields each champion once."""
    from arena.engine import ruleset

    adapter = ruleset(slug).campaign
    first, second = (adapter.lab_builds() * 2)[:2]
    entrants = [first.entrant("Primus"), second.entrant("Secundus")]
    bout = adapter.bout_input(entrants, {}, seed=1, by_tactics=True)
    bout.pop("seed", None)
    return bout


def _one_dice_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("dice: "), lines[0]
    return lines[0]


# The command line runs in a process of its own, where a rule set registered by a test is
# unknown.
ROLLING = sorted(r.slug for r in shipped_rulesets())


@pytest.mark.parametrize("slug", sorted(set(ROLLING) - DICELESS))
def test_scripted_dice_that_run_out_are_one_dice_line_and_exit_2(slug):
    line = _one_dice_line(_run(json.dumps(_tactics_bout(slug) | {"dice": []}), "play", "-"))
    assert "ran out" in line


@pytest.mark.parametrize("slug", sorted(set(ROLLING) - DICELESS))
def test_a_scripted_die_off_the_faces_is_one_dice_line_and_exit_2(slug):
    # 0 is on no die of any rule set (every die's faces start at 1) and is no combat face.
    bout = _tactics_bout(slug) | {"dice": [0] * 200}
    line = _one_dice_line(_run(json.dumps(bout), "play", "-"))
    assert "is 0, but" in line


@pytest.mark.parametrize("slug", sorted(DICELESS))
def test_a_diceless_rule_set_plays_with_no_scripted_dice(slug):
    done = _run(json.dumps(_tactics_bout(slug) | {"dice": []}), "play", "-")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"]
