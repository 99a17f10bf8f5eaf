"""The sweepers that send lost work again: a turn with every order in whose resolve message was
lost, and the chunks of a lab run that stopped being heard from. The real worker and broker
run them in tests/integration/test_lost_work.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.lab.services import lab_chunk_run, lab_run_start, lab_runs_sweep, run_chunks
from arena.models import Bout, LabRun, TurnOrder
from arena.play.services import bout_turn_resolve, order_submit, turns_sweep_ready
from arena.queue import simulations_waiting
from campaign.celery import app

pytestmark = pytest.mark.django_db


def age_orders(bout: Bout, seconds: float) -> None:
    TurnOrder.objects.filter(bout=bout).update(
        submitted_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_a_turn_with_every_order_in_is_sent_again_after_the_grace(running, owner, rival, settings):
    settings.LUDUS_TURN_RESEND_SECONDS = 10
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={})
    age_orders(bout, 60)
    assert turns_sweep_ready() == 0  # Justbec's order is missing: the turn waits for it
    order_submit(entrant=theirs, by=rival, order={})
    assert turns_sweep_ready() == 0  # the last order is fresh: its own message is on its way
    age_orders(bout, 11)
    assert turns_sweep_ready() == 1
    # The resent message and the lost one (should it turn up) resolve the turn once.
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is not None
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is None
    bout.refresh_from_db()
    assert bout.turn == 2 and len(bout.engine_input["turns"]) == 1
    assert turns_sweep_ready() == 0  # turn 2 has no order yet


def test_an_archived_campaigns_turn_is_left_alone(running, owner, rival):
    bout, mine, theirs = running
    order_submit(entrant=mine, by=owner, order={})
    order_submit(entrant=theirs, by=rival, order={})
    age_orders(bout, 3600)
    type(bout.campaign).objects.filter(pk=bout.campaign_id).update(archived_at=timezone.now())
    assert turns_sweep_ready() == 0


@pytest.fixture
def empty_simulations_queue():
    def purge() -> None:
        with app.connection_for_write() as connection:
            connection.default_channel.queue_purge("simulations")

    purge()
    yield
    purge()


def test_a_silent_run_has_its_missing_chunks_sent_again_once(
    arena_campaign, gm, settings, empty_simulations_queue
):
    settings.LUDUS_LAB_STALE_SECONDS = 120
    run = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=["elf-bow", "halfling-catapult", "giant-sword"], bouts=1000, seed=5,
    )  # fmt: skip
    assert run_chunks(run) == 5  # 2 cells a chunk
    assert lab_chunk_run(run_id=run.pk, index=1)  # one chunk stored; the others were lost
    assert lab_runs_sweep() == 0  # heard from just now
    later = timezone.now() + timedelta(seconds=121)
    assert lab_runs_sweep(now=later) == 4
    assert simulations_waiting() == 4
    assert lab_runs_sweep(now=later + timedelta(seconds=121)) == 0  # not while they wait
    run.refresh_from_db()
    assert run.status == LabRun.Status.RUNNING and run.heard_at == later


def test_a_queued_run_whose_messages_were_lost_is_sent_whole(
    arena_campaign, gm, settings, empty_simulations_queue
):
    run = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=["elf-bow", "giant-sword"], bouts=1000, seed=5,
    )  # fmt: skip
    later = timezone.now() + timedelta(seconds=settings.LUDUS_LAB_STALE_SECONDS + 1)
    assert lab_runs_sweep(now=later) == run_chunks(run) == 2


def test_finished_and_cancelled_runs_are_never_sent_again(
    arena_campaign, gm, empty_simulations_queue
):
    run = lab_run_start(
        campaign=arena_campaign, by=gm, ruleset_slug="gladiator-arena",
        builds=["elf-bow", "giant-sword"], bouts=10, seed=5,
    )  # fmt: skip
    assert lab_chunk_run(run_id=run.pk, index=0)
    run.refresh_from_db()
    assert run.status == LabRun.Status.DONE
    LabRun.objects.filter(pk=run.pk).update(status=LabRun.Status.CANCELLED)
    assert lab_runs_sweep(now=timezone.now() + timedelta(days=1)) == 0
