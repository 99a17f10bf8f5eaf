"""A worker killed (SIGKILL) in the middle of resolving a bout: the transaction rolls back and
the bout is resolved again from scratch, paying its rewards exactly once."""

from __future__ import annotations

import os
import signal
from datetime import timedelta

import psutil
import psycopg
import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule, bouts_sweep_due
from arena.models import Bout
from arena.tasks import bout_resolve_task
from characters.models import LedgerLine

from .conftest import (
    other_sessions_busy,
    start_worker,
    stop_worker,
    test_database_url,
    wait_until,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def due_bout(campaign, gm, brutus, nox):
    """A due bout with no message in flight: each test sends the one it wants to kill."""
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=1),  # beyond the ETA horizon: not sent
        seed=7,
    )
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
    bout.refresh_from_db()
    return bout


def hold_gladiator_lock(gladiator_id: int) -> psycopg.Connection:
    """Lock a gladiator row from outside Django, so a resolving worker blocks on it while its
    own transaction (bout row, entrants, result) is open."""
    conn = psycopg.connect(test_database_url())
    conn.execute("SELECT id FROM characters_gladiator WHERE id = %s FOR UPDATE", [gladiator_id])
    return conn


def a_backend_waits_for_a_lock() -> bool:
    with psycopg.connect(test_database_url(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE wait_event_type = 'Lock' AND datname = current_database()"
        ).fetchone()
    return row[0] > 0


def assert_paid_once(bout: Bout) -> None:
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    lines = LedgerLine.objects.filter(bout=bout)
    winners = bout.entrants.filter(place=1, fate="survived").count()
    assert lines.filter(currency="gold").count() == winners
    assert lines.filter(currency="xp").count() == winners
    for entrant in bout.entrants.select_related("gladiator"):
        assert entrant.gladiator.bouts_fought == 1  # the record counted once too


def test_a_pool_process_killed_mid_resolution_is_redelivered_and_pays_once(
    celery_worker_process, due_bout, brutus
):
    lock = hold_gladiator_lock(brutus.pk)
    try:
        bout_resolve_task.delay(due_bout.pk)
        wait_until(a_backend_waits_for_a_lock, what="the worker to block inside its transaction")
        # Kill the pool processes (one of them is resolving); the worker's main process
        # stays up, sees its child lost and hands the unacknowledged message back.
        for child in psutil.Process(celery_worker_process.pid).children():
            os.kill(child.pid, signal.SIGKILL)
        due_bout.refresh_from_db()
        assert due_bout.status == Bout.Status.SCHEDULED  # rolled back, nothing half-written
        assert not LedgerLine.objects.filter(bout=due_bout).exists()
    finally:
        lock.rollback()
        lock.close()
    # acks_late + reject_on_worker_lost: the message goes back to the queue and is fought again.
    wait_until(
        lambda: Bout.objects.get(pk=due_bout.pk).status == Bout.Status.RESOLVED,
        what="the redelivered message to resolve the bout",
    )
    assert_paid_once(due_bout)


def test_a_whole_worker_killed_mid_resolution_leaves_the_bout_to_the_sweeper(
    due_bout, brutus, tmp_path
):
    # Its own queue: the session's worker must not pick this message up instead.
    worker = start_worker(tmp_path / "doomed.log", name="doomed", queue="doomed")
    lock = hold_gladiator_lock(brutus.pk)
    try:
        bout_resolve_task.apply_async(args=[due_bout.pk], queue="doomed")
        # Marked sent, as the scheduler marks the messages it sends: the sweeper below must
        # not send the bout another message, which the module's worker (still up after the
        # test before) would race the sweeper's own resolution for.
        Bout.objects.filter(pk=due_bout.pk).update(enqueued_at=timezone.now())
        wait_until(a_backend_waits_for_a_lock, what="the worker to block inside its transaction")
        for process in [*psutil.Process(worker.pid).children(recursive=True)]:
            os.kill(process.pid, signal.SIGKILL)
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)
    finally:
        lock.rollback()
        lock.close()
        stop_worker(worker)
    # The orphaned backend gets the lock, finds its client gone and rolls everything back.
    wait_until(lambda: not other_sessions_busy(), what="PostgreSQL to roll back the dead session")
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.SCHEDULED
    # The unacknowledged message waits for the broker's visibility timeout; beat's sweeper
    # does not wait: a bout still scheduled after its time is resolved directly.
    Bout.objects.filter(pk=due_bout.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    assert bouts_sweep_due()["resolved"] == 1
    assert_paid_once(due_bout)
    assert bouts_sweep_due()["resolved"] == 0
    assert_paid_once(due_bout)
