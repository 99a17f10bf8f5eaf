"""A decided bout's stored record cannot be changed by an UPDATE, from the app, a data
migration or raw SQL: PostgreSQL's trigger bout_history_kept (arena migration 0019) refuses it
loudly. What the app itself does to a decided bout (voiding it) still goes through."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from arena.bouts.services import bout_resolve
from arena.bouts.void import bout_void
from arena.models import Bout
from tests.conftest import history_rewritten

pytestmark = pytest.mark.django_db


@pytest.fixture
def decided(due_bout):
    return bout_resolve(bout_id=due_bout.pk)


def refused(**changes) -> str:
    with pytest.raises(IntegrityError) as caught, transaction.atomic():
        Bout.objects.filter(pk=changes.pop("pk")).update(**changes)
    return str(caught.value)


@pytest.mark.parametrize(
    "field", ["log", "engine_input", "ruleset_version", "input_digest", "log_digest"]
)
def test_an_update_of_a_decided_bouts_record_is_refused(field, decided):
    stored = getattr(decided, field)
    if isinstance(stored, dict):
        changed = {**stored, "seed": 0}
    else:
        changed = "9.9" if field == "ruleset_version" else "0" * 64
    message = refused(pk=decided.pk, **{field: changed})
    assert f"bout {decided.pk} is decided (resolved)" in message
    decided.refresh_from_db()
    assert getattr(decided, field) == stored


def test_a_data_migration_in_raw_sql_is_refused_too(decided):
    """What a RunSQL in a migration would send: jsonb_set on every stored log."""
    with (
        pytest.raises(IntegrityError, match="may not be changed"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE arena_bout SET log = jsonb_set(log, '{version}', '\"9\"')")
    decided.refresh_from_db()
    assert decided.log["version"] != "9"


def test_a_decided_bout_cannot_be_taken_back_out_of_decided(decided):
    message = refused(pk=decided.pk, status=Bout.Status.SCHEDULED)
    assert "it may become voided, nothing else (not scheduled)" in message


def test_a_bout_not_yet_decided_is_written_as_ever(due_bout):
    Bout.objects.filter(pk=due_bout.pk).update(engine_input={"any": "thing"})
    due_bout.refresh_from_db()
    assert due_bout.engine_input == {"any": "thing"}


def test_voiding_keeps_the_log_and_goes_through(decided, gm):
    log = decided.log
    bout_void(bout=decided, by=gm, reason="The wrong gladiators were entered.")
    decided.refresh_from_db()
    assert (decided.status, decided.log) == (Bout.Status.VOIDED, log)
    assert "voided" in refused(pk=decided.pk, log={**log, "seed": 0})


def test_a_deliberate_rewrite_says_so_and_the_guard_comes_back(decided):
    with history_rewritten():
        Bout.objects.filter(pk=decided.pk).update(ruleset_version="0.1")
    decided.refresh_from_db()
    assert decided.ruleset_version == "0.1"
    assert "is decided" in refused(pk=decided.pk, ruleset_version="0.2")


def test_an_empty_digest_may_be_filled_once(decided):
    """As arena migration 0005 gave digests to bouts fought before digests existed."""
    with history_rewritten():
        Bout.objects.filter(pk=decided.pk).update(log_digest="")
    Bout.objects.filter(pk=decided.pk).update(log_digest=decided.log_digest)
    assert "is decided" in refused(pk=decided.pk, log_digest="1" * 64)
