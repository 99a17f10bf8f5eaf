"""The pinned JSON contract (arena.engine.play routes by "ruleset") and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena.engine import EngineInputError, play, rulesets_available
from arena.engine.core.ruleset import Ruleset, read_orders
from arena.engine.rulesets.gladiator_arena import GladiatorArena
from tests.engine.gladiator_arena.helpers import bout, gl

ROOT = Path(__file__).resolve().parents[3]

EXAMPLE = {
    "ruleset": "gladiator-arena",
    "options": {"board": [8, 8], "time_limit": True},
    "gladiators": [
        {"name": "Kaunisto", "race": "human", "weapon": "sword", "square": "D4"},
        {"name": "Justbec", "race": "dwarf", "weapon": "axe", "square": "E6"},
        {"name": "Rick", "race": "elf", "weapon": "bow", "square": "A8"},
    ],
    "turns": [
        {"Kaunisto": {"move": "D5", "strike": ["E6", "E5"]}, "Justbec": {"move": "E5"}},
        {"Kaunisto": {"strike": ["E5", "E5", "E5"]}, "Rick": {"strike": ["E5", "E5"]}},
        {"Justbec": {"strike": ["D5"]}},
    ],
}


def cli(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena.engine", "play", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_it_is_registered_with_a_version():
    assert {"slug": "gladiator-arena", "version": "0.75.3", "title": "Gladiator Arena"} in (
        rulesets_available()
    )


def test_the_pinned_output_shape():
    result = play({**EXAMPLE, "turns": EXAMPLE["turns"][:2]})
    assert set(result) == {"ruleset", "version", "turns", "result"}
    first = result["turns"][0]
    assert set(first) == {"turn", "gladiators", "events"}
    assert first["turn"] == 1
    assert first["gladiators"]["Kaunisto"] == {"square": "D5", "hp": 8, "alive": True}
    assert all({"type", "text"} <= set(e) for e in first["events"])
    row = result["result"]["standings"][0]
    assert set(row) == {
        "name",
        "side",
        "place",
        "fate",
        "score",
        "kills",
        "hp",
        "alive",
        "died_on_turn",
        "damage_dealt",
    }


def test_the_worked_example_of_the_docs():
    """docs/rules/gladiator-arena.md, "A worked example"."""
    result = play({**EXAMPLE, "turns": EXAMPLE["turns"][:2]})
    assert [t["gladiators"]["Justbec"]["hp"] for t in result["turns"]] == [7, -1]
    assert result["result"]["finished"] is False
    standings = [(r["name"], r["place"], r["kills"]) for r in result["result"]["standings"]]
    assert standings == [("Kaunisto", 1, "1"), ("Rick", 2, "0"), ("Justbec", 3, "0")]
    assert result["turns"][1]["gladiators"]["Justbec"]["alive"] is False
    kill = [e for e in result["turns"][1]["events"] if e["type"] == "kill"]
    assert kill == [
        {
            "type": "kill",
            "text": "Kaunisto is awarded a kill for Justbec.",
            "name": "Kaunisto",
            "victim": "Justbec",
            "share": "1",
            "reason": "most_damage",
        }
    ]


def test_a_turns_record_is_what_the_drivers_hooks_would_write():
    """GladiatorArena.record builds a turn's log entry in one call: the same entry core's
    Ruleset.record writes from the hooks (turn_number, snapshot, event_records)."""
    rules = GladiatorArena()
    state = rules.setup(EXAMPLE)
    for turn in EXAMPLE["turns"][:2]:  # (the third is refused: Justbec is out by then)
        state, events = rules.apply(state, read_orders(rules, state, turn), None)
        assert rules.record(state, events) == Ruleset.record(rules, state, events)


def test_later_turns_are_ignored_once_the_bout_is_over():
    """Contract: 'The game stops at the turn in which it finishes; later turns in the file are
    ignored.'"""
    result = play(
        bout(
            gl("A", "human", "axe", "D4"),
            gl("B", "halfling", "axe", "D5"),
            turns=[{"A": {"strike": ["D5", "D5"]}}, {"B": {"move": "Z99"}}],
        )
    )
    assert len(result["turns"]) == 1
    assert result["result"]["finished"] is True


def test_an_order_for_a_removed_gladiator_is_refused():
    with pytest.raises(EngineInputError, match="removed from the game on turn 2"):
        play(EXAMPLE)


@pytest.mark.parametrize("empty", [{}, None])
def test_an_empty_order_for_a_removed_gladiator_is_harmless(empty):
    """A form may send every gladiator's order, the removed one's empty: it changes nothing."""
    played = {**EXAMPLE, "turns": [*EXAMPLE["turns"][:2], {"Justbec": empty, "Rick": {}}]}
    without = {**EXAMPLE, "turns": [*EXAMPLE["turns"][:2], {"Rick": {}}]}
    assert play(played) == play(without)
    assert len(play(played)["turns"]) == 3


def test_the_cli_prints_the_log():
    example = {**EXAMPLE, "turns": EXAMPLE["turns"][:2]}
    done = cli(json.dumps(example))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == play(example)


def test_the_cli_reports_a_bad_order_on_one_line():
    bad = {**EXAMPLE, "turns": [{"Kaunisto": {"move": "E5"}}]}
    done = cli(json.dumps(bad))
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "Kaunisto" in lines[0] and "turn 1" in lines[0] and "diagonal move" in lines[0]


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        ({"Nobody": {}}, "no gladiator named 'Nobody'"),
        ({"Kaunisto": {"strikes": ["E5"]}}, "unknown order key"),
        ({"Kaunisto": {"strike": "E5"}}, "must be a list of squares"),
        ({"Kaunisto": {"move": "D55x"}}, "is not a square like D5"),
        ({"Kaunisto": {"strike": ["D4"]}}, "D4 is the square you move into or stay in"),
    ],
)
def test_bad_orders_are_refused_in_words(turn, words):
    with pytest.raises(EngineInputError, match=words):
        play({**EXAMPLE, "turns": [turn]})
