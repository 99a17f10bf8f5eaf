"""Backup and restore round trip (docs/deployment.md, "Backups"): the demo campaigns (bouts of
every rule set fought by the real engine, ledgers of payouts and purchases) dumped by
`manage.py backup`, the database destroyed, `manage.py restore` into it, and then every bout
replays to its stored log and every ledger sums to its balances."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from arena.engine.core.canonical import digest
from arena.models import Bout
from campaign.backup import backups, user_tables
from campaign.tasks import backup_task
from characters.models import Gladiator, LedgerLine


def _destroy() -> None:
    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")


def _history() -> tuple[list, list, list]:
    bouts = [(b.pk, b.status, digest(b.engine_input), digest(b.log))
             for b in Bout.objects.filter(log__isnull=False).order_by("pk")]  # fmt: skip
    lines = list(LedgerLine.objects.order_by("pk").values_list("pk", "gladiator", "amount",
                                                               "balance", "currency"))  # fmt: skip
    gladiators = list(Gladiator.objects.order_by("pk").values_list("pk", "gold", "xp", "status"))
    return bouts, lines, gladiators


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_into_an_emptied_database_with_every_bout_and_ledger(tmp_path):
    call_command("demo_load", stdout=StringIO())
    before = _history()
    rulesets = set(Bout.objects.filter(log__isnull=False).values_list("ruleset", flat=True))
    assert len(before[0]) >= 20 and len(rulesets) >= 4 and len(before[1]) >= 50

    out = StringIO()
    call_command("backup", dir=tmp_path, keep=3, stdout=out)
    [dump] = backups(tmp_path)
    assert str(dump) in out.getvalue()
    assert dump.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format, compressed

    _destroy()
    try:
        assert user_tables() == 0
        # Not a backup: refused, and the database stays empty.
        garbage = tmp_path / "garbage.dump"
        garbage.write_bytes(b"not a dump at all")
        with pytest.raises(CommandError, match="pg_restore failed, nothing was restored"):
            call_command("restore", garbage)
        assert user_tables() == 0

        out = StringIO()
        call_command("restore", dump, stdout=out)
        assert f"Restored {dump}" in out.getvalue()
    finally:
        if user_tables() == 0:  # leave the test database usable for the tests after this one
            call_command("migrate", verbosity=0)

    assert _history() == before
    out = StringIO()
    call_command("verify_history", stdout=out)
    bouts, gladiators = len(before[0]), len(before[2])
    assert out.getvalue() == (
        f"{bouts} bouts with a stored log, {bouts} replayed with their rule set version; "
        f"{gladiators} gladiators' ledgers summed: all replayed hold.\n"
    )


@pytest.mark.django_db
def test_restore_refuses_a_database_that_is_not_empty(tmp_path, campaign):
    call_command("backup", dir=tmp_path, keep=1, stdout=StringIO())
    [dump] = backups(tmp_path)
    tables = user_tables()
    with pytest.raises(CommandError, match=r"is not empty \(\d+ tables\).*empty database only"):
        call_command("restore", dump)
    assert user_tables() == tables
    assert campaign.__class__.objects.filter(pk=campaign.pk).exists()


def test_restore_of_a_missing_file_says_so(tmp_path):
    with pytest.raises(CommandError, match="is not a file"):
        call_command("restore", tmp_path / "nowhere.dump")


@pytest.mark.django_db
def test_the_daily_task_keeps_the_newest_backups_only(tmp_path, settings):
    settings.LUDUS_BACKUP_DIR = str(tmp_path)
    settings.LUDUS_BACKUP_KEEP = 2
    stranger = tmp_path / "notes.txt"  # not a backup: never deleted
    stranger.write_text("mine")
    made = []
    for _ in range(3):
        backup_task()
        made.append(backups(tmp_path)[-1])
    assert backups(tmp_path) == made[1:]
    assert stranger.exists()
    assert not list(Path(tmp_path).glob("*.partial"))


def test_the_backup_is_in_beat_daily_on_the_messages_queue(settings):
    from celery.schedules import crontab

    entry = settings.CELERY_BEAT_SCHEDULE["backup-daily"]
    assert entry["task"] == "campaign.tasks.backup_task"
    assert isinstance(entry["schedule"], crontab) and entry["schedule"].hour == {3}
    assert settings.CELERY_TASK_ROUTES[entry["task"]] == {"queue": "messages"}


@pytest.mark.django_db
def test_keeping_no_backup_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Keep at least one backup"):
        call_command("backup", dir=tmp_path, keep=0)
    assert backups(tmp_path) == []
