"""No lost work, with the real worker and broker: a turn whose resolve message was lost
resolves long before its deadline, and a lab run whose worker was killed in the middle of its
chunks completes with the figures it would have had."""

from __future__ import annotations

import contextlib
import os
import signal
from datetime import timedelta

import psutil
import psycopg
import pytest
from django.utils import timezone

from arena.engine import ruleset
from arena.engine.lab import LabSpec, cell_fight
from arena.lab.services import lab_run_start, lab_runs_sweep, run_builds, run_chunks
from arena.models import Bout, LabRun
from arena.play.services import order_submit, turns_sweep_ready

from .conftest import (
    other_sessions_busy,
    queue_length,
    queue_purge,
    start_worker,
    stop_worker,
    test_database_url,
    wait_until,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GA_BUILDS = ["elf-bow", "halfling-catapult", "giant-sword"]


def test_a_turn_whose_resolve_message_was_lost_resolves_before_its_deadline(
    running, owner, rival, settings, tmp_path
):
    settings.LUDUS_TURN_RESEND_SECONDS = 1  # beat's sweeper runs in this process here
    bout, mine, theirs = running
    assert bout.turn_deadline > timezone.now() + timedelta(hours=23)
    # No worker runs yet, so the resolve message waits in the queue for the test to lose it.
    # (A worker told to stop consuming the queue may still take it: its BRPOP already sent
    # to Redis names the queue, celery/celery#1773.)
    queue_purge("fights")
    order_submit(entrant=mine, by=owner, order={})
    order_submit(entrant=theirs, by=rival, order={})  # its commit sends the resolve
    assert queue_length("fights") == 1
    queue_purge("fights")  # lost, as in a broker restart
    worker = start_worker(tmp_path / "worker.log", name="late")
    try:
        bout.refresh_from_db()
        assert bout.turn == 1  # no message is left that could resolve it
        wait_until(lambda: turns_sweep_ready() == 1, what="the sweeper to send the resolve again")
        wait_until(
            lambda: Bout.objects.get(pk=bout.pk).turn == 2, what="the worker to resolve the turn"
        )
    finally:
        stop_worker(worker)
    bout.refresh_from_db()
    assert len(bout.engine_input["turns"]) == 1 and bout.log["turns"][0]
    assert turns_sweep_ready() == 0  # nobody has given an order for turn 2 yet


def lock_run(run_id: int) -> psycopg.Connection:
    """Lock a lab run's row from outside Django: a chunk blocks on its first write."""
    conn = psycopg.connect(test_database_url())
    conn.execute("SELECT id FROM arena_labrun WHERE id = %s FOR UPDATE", [run_id])
    return conn


def backends_waiting_for_a_lock() -> int:
    with psycopg.connect(test_database_url(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE wait_event_type = 'Lock' AND datname = current_database()"
        ).fetchone()
    return row[0]


def test_a_lab_run_whose_worker_was_killed_mid_chunk_completes(
    arena_campaign, gm, tmp_path, settings
):
    settings.LUDUS_LAB_STALE_SECONDS = 10  # far longer than a chunk here (2,000 bouts)
    # No worker runs in this module but the ones its tests start: the chunks wait for them.
    queue_purge("simulations")
    run = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=GA_BUILDS, bouts=1000, seed=77,
    )  # fmt: skip
    assert run_chunks(run) == 5 and queue_length("simulations") == 5
    lock = lock_run(run.pk)
    # The lock is let go however the block ends: held, it would hang the flush after the
    # test (a worker that failed to start, say).
    with contextlib.closing(lock):
        doomed = start_worker(tmp_path / "doomed.log", name="doomed", queue="simulations")
        try:
            wait_until(
                lambda: backends_waiting_for_a_lock() == 2,
                what="both of the worker's processes to block inside a chunk",
            )
            for process in psutil.Process(doomed.pid).children(recursive=True):
                os.kill(process.pid, signal.SIGKILL)
            os.kill(doomed.pid, signal.SIGKILL)
            doomed.wait(timeout=60)
        finally:
            lock.rollback()
            stop_worker(doomed)
    wait_until(lambda: not other_sessions_busy(), what="PostgreSQL to end the dead sessions")
    # The two chunks in flight died with the worker; the broker gives them back only
    # after its visibility timeout (an hour). The other three still wait.
    assert queue_length("simulations") == 3
    rescue = start_worker(tmp_path / "rescue.log", name="rescue", queue="simulations")
    try:
        wait_until(
            lambda: lab_runs_sweep() > 0,
            timeout=90,
            what="the sweeper to send the lost chunks again once the run fell silent",
        )
        wait_until(
            lambda: LabRun.objects.get(pk=run.pk).status == LabRun.Status.DONE,
            timeout=90,
            what="the run to complete",
        )
    finally:
        stop_worker(rescue)
    run.refresh_from_db()
    assert run.cells_done == run.cells_total == 9
    # The figures of every cell fought whole in this process with the same seed.
    spec = LabSpec(
        ruleset=ruleset("gladiator-arena"), options=run.options, bouts=1000, seed=77,
        random_starts=run.random_starts,
    )  # fmt: skip
    builds = run_builds(run)
    assert run.cells == [cell_fight(spec, a, b).to_dict() for a in builds for b in builds]
