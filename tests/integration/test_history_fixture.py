"""verify_history over a campaign loaded from fixtures: fixtures/history.json holds decided
bouts of every rule set as they are stored (made by fixtures/history_make.py from the demo).
An upgrade that changes how any of them replays fails here; so does a fixture whose log was
altered."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from arena.models import Bout
from tests.shipped import shipped_rulesets

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "history.json"

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def verify() -> str:
    out = StringIO()
    call_command("verify_history", stdout=out)
    return out.getvalue()


def test_the_fixture_holds_decided_bouts_of_every_rule_set():
    rows = json.loads(FIXTURE.read_text())
    bouts = [row["fields"] for row in rows if row["model"] == "arena.bout"]
    assert set(Counter(bout["ruleset"] for bout in bouts)) == {r.slug for r in shipped_rulesets()}
    assert all(bout["status"] == "resolved" and bout["log"] for bout in bouts)


def test_every_stored_bout_of_the_fixture_replays_to_its_log():
    call_command("loaddata", str(FIXTURE), verbosity=0)
    count = Bout.objects.count()
    out = verify()
    assert out.splitlines() == [
        f"{count} bouts with a stored log, {count} replayed with their rule set version; "
        "0 gladiators' ledgers summed: all replayed hold."
    ]


@pytest.mark.parametrize("ruleset", sorted(r.slug for r in shipped_rulesets()))
def test_a_fixture_whose_log_was_altered_is_named(ruleset, tmp_path):
    rows = json.loads(FIXTURE.read_text())
    altered = next(
        row for row in rows if row["model"] == "arena.bout" and row["fields"]["ruleset"] == ruleset
    )
    log = altered["fields"]["log"]
    assert len(log["turns"]) >= 1
    log["turns"] = log["turns"][:-1]  # the last turn taken out of the record
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(rows))
    call_command("loaddata", str(path), verbosity=0)
    out = StringIO()
    with pytest.raises(CommandError, match="1 would change"):
        call_command("verify_history", stdout=out)
    (line,) = out.getvalue().splitlines()
    assert line.startswith(f"bout {altered['pk']} (")
    assert line.endswith("The engine fights the stored input to another log.")
