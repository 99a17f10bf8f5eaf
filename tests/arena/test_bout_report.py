"""The bout report against golden text: one resolved bout of every rule set (a fixed seed, or
no dice at all in Gladiator Arena) told blow by blow, compared with a readable text file.

Each case is a pair in report_golden/: `<rule set>.in.json` (the bout) and `<rule set>.txt`
(its report, arena.bouts.report.report_text). A change of any rule set's event words or of the
report shows as a readable diff of the .txt. Regenerate after an intended change with:
    .venv/bin/python -m tests.arena.test_bout_report
then read the diff.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena.bouts.report import Die, Sentence, as_sentence, bout_report, report_text, sentence
from arena.engine import RULESETS, play, ruleset
from arena.engine.core.ruleset import TURN

GOLDEN = Path(__file__).parent / "report_golden"
# The rule sets Ludus ships (the contract tests register a stand-in of their own).
SLUGS = sorted(
    s for s, cls in RULESETS.items() if cls.__module__.startswith("arena.engine.rulesets.")
)


def _report(slug: str) -> str:
    bout = json.loads((GOLDEN / f"{slug}.in.json").read_text())
    rules = ruleset(slug)
    return report_text(bout_report(play(bout), rules), rules.step_word)


def test_every_rule_set_has_a_golden_bout():
    assert sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json")) == SLUGS


@pytest.mark.parametrize("slug", SLUGS)
def test_report_matches_golden_text(slug):
    assert _report(slug) == (GOLDEN / f"{slug}.txt").read_text()


@pytest.mark.parametrize("slug", SLUGS)
def test_report_heads_each_step_with_the_rule_sets_word(slug):
    """Sudden Destruction plays in rounds, the others in turns; every step of the log is one
    heading, in order."""
    bout = json.loads((GOLDEN / f"{slug}.in.json").read_text())
    log = play(bout)
    steps = bout_report(log, ruleset(slug))
    word = ruleset(slug).step_word.title
    assert [s.number for s in steps] == [t["turn"] for t in log["turns"]]
    assert all(s.heading.startswith(f"{word} {s.number}") for s in steps)


@pytest.mark.parametrize("slug", [s for s in SLUGS if ruleset(s).dice_fields])
def test_every_die_of_the_log_is_listed(slug):
    """Each die-holding field of every event in the log, when it holds a throw, appears in
    the sentence's dice, with its faces."""
    bout = json.loads((GOLDEN / f"{slug}.in.json").read_text())
    log = play(bout)
    fields = ruleset(slug).dice_fields
    thrown = listed = 0
    for turn in log["turns"]:
        for event in turn["events"]:
            said = sentence(event, fields)
            for field in fields.get(event["type"], ()):
                value = event.get(field)
                if value in (None, 0, []):
                    continue
                thrown += 1
                faces = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
                assert any(d.label == field.replace("_", " ") and d.faces == faces
                           for d in said.dice), (event, said)  # fmt: skip
                listed += 1
    assert thrown > 0 and listed == thrown


def test_dice_fields_name_real_fields_of_their_events():
    """A rule set's dice_fields names only fields its events carry (a renamed field would
    silently drop its dice from the report)."""
    for slug in SLUGS:
        bout = json.loads((GOLDEN / f"{slug}.in.json").read_text())
        fields = ruleset(slug).dice_fields
        for turn in play(bout)["turns"]:
            for event in turn["events"]:
                for field in fields.get(event["type"], ()):
                    assert field in event, (slug, event["type"], field)


def test_a_sentence_gets_a_capital_and_a_full_stop():
    assert as_sentence("brutus rolls 3+4 for movement: 7 points") == (
        "Brutus rolls 3+4 for movement: 7 points."
    )
    assert as_sentence("The bout is over: a kill.") == "The bout is over: a kill."
    assert as_sentence("") == ""


def test_a_field_without_a_throw_lists_no_die():
    fields = {"shot": ("roll", "damage_roll")}
    said = sentence({"type": "shot", "text": "A shoots at B: 2, a miss.", "roll": 2,
                     "damage_roll": None}, fields)  # fmt: skip
    assert said == Sentence(kind="shot", text="A shoots at B: 2, a miss.", dice=(Die("roll", "2"),))
    assert said.dice_words == "roll 2"


def test_the_report_reads_no_orders_or_tactics():
    """The report is built from the events alone: a turn's orders and the engine input's
    tactics, stored beside them, never reach its text."""
    log = {"turns": [{"turn": 1, "phase": "", "orders": {"A": "SECRET-ORDER"},
                      "tactics": {"A": "SECRET-TACTIC"},
                      "events": [{"type": "moved", "text": "A moves."}]}]}  # fmt: skip
    text = report_text(bout_report(log, ruleset("gladiator-arena")), TURN)
    assert "SECRET" not in text
    assert re.search(r"^    - A moves\.$", text, re.M)


if __name__ == "__main__":
    for slug in SLUGS:
        (GOLDEN / f"{slug}.txt").write_text(_report(slug))
        print(f"wrote {slug}.txt")
