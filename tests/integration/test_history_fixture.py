"""verify_history over a campaign loaded from fixtures: fixtures/history.json holds decided
bouts of every rule set as they were stored (made by fixtures/history_make.py from the demo),
and a fixtures/history-<slug>-<version>.json for each version bump since holds that rule
set's bouts as the new version stores them (docs/decisions/0055-history-fixture.md). An
upgrade that changes how any of them replays fails here; so does a fixture whose log was
altered. A bout fought with an older version is named as such, and fails nothing."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from arena.engine.core.ruleset import RULESETS
from arena.models import Bout
from tests.shipped import shipped_rulesets

FIXTURES = sorted((Path(__file__).resolve().parent / "fixtures").glob("history*.json"))


def stored_bouts(fixture: Path) -> list[dict]:
    rows = json.loads(fixture.read_text())
    return [row for row in rows if row["model"] == "arena.bout"]


def playable(bout: dict) -> bool:
    """Whether this engine plays the version the bout was fought with."""
    return bout["fields"]["ruleset_version"] == RULESETS[bout["fields"]["ruleset"]].version


pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def verify() -> str:
    out = StringIO()
    call_command("verify_history", stdout=out)
    return out.getvalue()


def test_the_fixtures_hold_decided_bouts_of_every_rule_set_as_this_engine_plays_it():
    bouts = [bout["fields"] for fixture in FIXTURES for bout in stored_bouts(fixture)]
    assert set(Counter(bout["ruleset"] for bout in bouts)) == {r.slug for r in shipped_rulesets()}
    assert all(bout["status"] == "resolved" and bout["log"] for bout in bouts)
    current = {
        bout["fields"]["ruleset"]
        for fixture in FIXTURES
        for bout in stored_bouts(fixture)
        if playable(bout)
    }
    assert current == {r.slug for r in shipped_rulesets()}


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.name)
def test_every_stored_bout_of_the_fixture_replays_to_its_log(fixture):
    call_command("loaddata", str(fixture), verbosity=0)
    count = Bout.objects.count()
    # verify_history names them in the order of their keys, which need not be the fixture's
    # once it holds older bouts of more than one rule set.
    older = sorted(
        (bout for bout in stored_bouts(fixture) if not playable(bout)), key=lambda b: b["pk"]
    )
    out = verify()
    lines = out.splitlines()
    assert len(lines) == len(older) + 1, out
    for line, bout in zip(lines, older, strict=False):
        slug, version = bout["fields"]["ruleset"], bout["fields"]["ruleset_version"]
        assert line.startswith(f"bout {bout['pk']} (")
        assert line.endswith(
            f"fought with {slug} {version}; this engine plays {slug} "
            f"{RULESETS[slug].version} only, so it cannot replay it as fought."
        )
    replayed = count - len(older)
    unplayed = f"; {len(older)} bouts this engine cannot replay (above)" if older else ""
    assert lines[-1] == (
        f"{count} bouts with a stored log, {replayed} replayed with their rule set version; "
        f"0 gladiators' ledgers summed{unplayed}: all replayed hold."
    )


@pytest.mark.parametrize("ruleset", sorted(r.slug for r in shipped_rulesets()))
def test_a_fixture_whose_log_was_altered_is_named(ruleset, tmp_path):
    """The first bout of the rule set that this engine plays, in the first fixture holding one,
    with its last turn cut from its log."""
    fixture, altered = next(
        (fixture, bout)
        for fixture in FIXTURES
        for bout in stored_bouts(fixture)
        if bout["fields"]["ruleset"] == ruleset and playable(bout)
    )
    rows = [
        row
        for row in json.loads(fixture.read_text())
        if row["model"] != "arena.bout" or row["fields"]["ruleset"] == ruleset
    ]
    (row,) = [r for r in rows if r["model"] == "arena.bout" and r["pk"] == altered["pk"]]
    log = row["fields"]["log"]
    assert len(log["turns"]) >= 1
    log["turns"] = log["turns"][:-1]  # the last turn taken out of the record
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(rows))
    call_command("loaddata", str(path), verbosity=0)
    out = StringIO()
    with pytest.raises(CommandError, match="1 would change"):
        call_command("verify_history", stdout=out)
    lines = [line for line in out.getvalue().splitlines() if line.startswith(f"bout {row['pk']} (")]
    (line,) = lines
    assert line.endswith("The engine fights the stored input to another log.")
