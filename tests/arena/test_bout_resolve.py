from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule, bouts_sweep_due
from arena.engine import play
from arena.models import Bout


@pytest.mark.django_db
def test_a_due_bout_is_fought_and_its_result_stored(due_bout):
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout is not None
    bout.refresh_from_db()
    assert bout.status == Bout.Status.RESOLVED
    assert bout.winner in {"Brutus", "Nox"}
    assert bout.ruleset_version
    places = sorted(e.place for e in bout.entrants.all())
    assert places == [1, 2]
    winner = bout.entrants.get(place=1)
    assert winner.gladiator.name == bout.winner
    assert winner.defeated == 1


@pytest.mark.django_db
def test_the_stored_log_replays_byte_for_byte(due_bout):
    bout_resolve(bout_id=due_bout.pk)
    due_bout.refresh_from_db()
    assert play(due_bout.engine_input) == due_bout.log


@pytest.mark.django_db
def test_resolving_twice_changes_nothing(due_bout):
    first = bout_resolve(bout_id=due_bout.pk)
    due_bout.refresh_from_db()
    log, resolved_at = due_bout.log, due_bout.resolved_at
    assert first is not None
    assert bout_resolve(bout_id=due_bout.pk) is None
    due_bout.refresh_from_db()
    assert (due_bout.log, due_bout.resolved_at) == (log, resolved_at)


@pytest.mark.django_db
def test_a_bout_is_not_fought_before_its_time(campaign, gm, brutus, nox):
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(minutes=5),
    )
    assert bout_resolve(bout_id=bout.pk) is None
    bout.refresh_from_db()
    assert bout.status == Bout.Status.SCHEDULED


@pytest.mark.django_db
def test_a_cancelled_bout_is_never_fought(due_bout, gm):
    Bout.objects.filter(pk=due_bout.pk).update(status=Bout.Status.CANCELLED)
    assert bout_resolve(bout_id=due_bout.pk) is None


@pytest.mark.django_db
def test_an_engine_refusal_marks_the_bout_failed_with_the_reason(due_bout):
    Bout.objects.filter(pk=due_bout.pk).update(options={"contest": "no-such-contest"})
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout.status == Bout.Status.FAILED
    assert "contest" in bout.failure
    assert bout.entrants.filter(place__isnull=False).count() == 0


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_resolutions_give_one_result(due_bout):
    """Two workers pick up the same bout at once: one fights it, the other does nothing."""
    barrier = threading.Barrier(2)
    results: list[Bout | None] = []

    def worker() -> None:
        try:
            barrier.wait()
            results.append(bout_resolve(bout_id=due_bout.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r is not None for r in results) == 1
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.RESOLVED
    assert due_bout.entrants.filter(place=1).count() == 1


@pytest.mark.django_db
def test_the_sweeper_resolves_a_bout_whose_message_was_lost(due_bout):
    Bout.objects.filter(pk=due_bout.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    assert bouts_sweep_due()["resolved"] == 1
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.RESOLVED
    assert bouts_sweep_due()["resolved"] == 0


@pytest.mark.django_db
def test_the_sweeper_enqueues_far_bouts_once_they_come_near(campaign, gm, brutus, nox):
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=2),
    )
    assert Bout.objects.get(pk=bout.pk).enqueued_at is None
    assert bouts_sweep_due()["enqueued"] == 0
    assert bouts_sweep_due(now=timezone.now() + timedelta(days=2))["enqueued"] == 1
    assert Bout.objects.get(pk=bout.pk).enqueued_at is not None
    assert bouts_sweep_due(now=timezone.now() + timedelta(days=2))["enqueued"] == 0
