"""The production path: bouts resolved by a real Celery worker process through a real broker."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from arena.bouts.services import bout_schedule
from arena.models import Bout
from arena.tasks import bout_resolve_task, bouts_sweep_due_task
from campaign.celery import app
from tests.integration.conftest import wait_tasks_done

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_status(bout: Bout, status: str, timeout: float = 30) -> Bout:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        bout.refresh_from_db()
        if bout.status == status:
            return bout
        time.sleep(0.1)
    raise AssertionError(f"bout {bout.pk} still {bout.status!r} after {timeout}s")


def test_a_scheduled_bout_is_resolved_by_the_worker_at_its_time(
    celery_worker_process, campaign, gm, brutus, nox
):
    due = timezone.now() + timedelta(seconds=2)
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=due, seed=7
    )
    bout = wait_for_status(bout, Bout.Status.RESOLVED)
    assert bout.resolved_at >= due, "fought before its time"
    assert bout.winner in {"Brutus", "Nox"}


def test_a_message_delivered_twice_gives_one_result(celery_worker_process, due_bout):
    bout_resolve_task.delay(due_bout.pk)
    bout = wait_for_status(due_bout, Bout.Status.RESOLVED)
    log, resolved_at = bout.log, bout.resolved_at
    again = {bout_resolve_task.delay(due_bout.pk).id for _ in range(3)}
    wait_tasks_done("fights", ids=again)
    bout.refresh_from_db()
    assert (bout.log, bout.resolved_at) == (log, resolved_at)
    assert bout.entrants.filter(place=1).count() == 1


def test_the_sweeper_task_resolves_a_bout_whose_message_was_lost(celery_worker_process, due_bout):
    Bout.objects.filter(pk=due_bout.pk).update(
        scheduled_at=timezone.now() - timedelta(minutes=5), enqueued_at=timezone.now()
    )
    bouts_sweep_due_task.delay()
    wait_for_status(due_bout, Bout.Status.RESOLVED)


def test_beat_runs_the_sweeper():
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-due-bouts"]
    app.loader.import_default_modules()
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= 60
