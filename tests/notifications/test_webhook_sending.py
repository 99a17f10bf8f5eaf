"""How a send uses the worker: one total deadline for the whole post, whatever a receiver does
between bytes; no transaction and no row lock while it waits on the network; a claim that
keeps a duplicate message from posting twice, and that outlives no lost worker."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from campaign.notifications.models import Delivery, Event
from campaign.notifications.services import (
    DeliveryFailed,
    deliveries_sweep,
    delivery_send,
    event_fan_out,
    event_record,
    webhook_create,
)
from tests.notifications.conftest import SlowReceiver

DEADLINE = 1.0
# What a loaded machine may add to the deadline (starting the post, recording the answer): a
# bound, not an expected figure. A post held to the receiver's end would take its minute.
SLACK = 10.0


def wait_for(condition: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not come true in time")
        time.sleep(0.02)


@pytest.fixture
def slow(settings):
    """SlowReceiver(mode), on the loopback, closed after the test."""
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = True
    settings.LUDUS_WEBHOOK_TIMEOUT_SECONDS = DEADLINE
    made: list[SlowReceiver] = []

    def make(mode: str) -> SlowReceiver:
        made.append(SlowReceiver(mode=mode, interval=0.2))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


@pytest.fixture
def no_broker(monkeypatch):
    """The messages the services send on commit go nowhere: this test is the worker (a real
    worker left running by the integration tests would otherwise send first)."""
    sent: list[int] = []
    monkeypatch.setattr("campaign.notifications.services.enqueue_event_fan_out", sent.append)
    monkeypatch.setattr("campaign.notifications.services.enqueue_delivery_send", sent.append)
    return sent


def pending_delivery(campaign, gm, url: str) -> int:
    webhook_create(campaign=campaign, by=gm, url=url)
    event = event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key="bout_fought:7",
        text="The opening was fought.", users=[],
    )  # fmt: skip
    (delivery_id,) = event_fan_out(event_id=event.pk)
    return delivery_id


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["status", "body", "silent"])
def test_a_receiver_never_silent_for_long_is_cut_off_at_the_total_deadline(
    mode, slow, campaign, gm
):
    """A byte every 0.2 s never trips a per-read timeout; the post still ends at 1 s."""
    receiver = slow(mode)
    delivery_id = pending_delivery(campaign, gm, receiver.url)

    started = time.monotonic()
    with pytest.raises(DeliveryFailed):
        delivery_send(delivery_id=delivery_id)
    elapsed = time.monotonic() - started

    assert DEADLINE <= elapsed < DEADLINE + SLACK
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    assert delivery.log[0]["error"] == "No whole answer within the deadline of 1 s."
    wait_for(lambda: len(receiver.held) == 1)  # the receiver sees the hang-up
    assert receiver.held[0] < DEADLINE + SLACK
    if mode != "silent":
        assert receiver.bytes_sent >= 3  # it kept answering, a byte at a time, to the end


@pytest.mark.django_db(transaction=True)
def test_the_send_holds_no_transaction_and_no_lock_while_it_waits(slow, campaign, gm, no_broker):
    receiver = slow("status")
    delivery_id = pending_delivery(campaign, gm, receiver.url)
    outcome: list[BaseException | None] = []

    def send() -> None:
        try:
            delivery_send(delivery_id=delivery_id)
            outcome.append(None)
        except BaseException as error:  # reported below
            outcome.append(error)
        finally:
            connection.close()

    sender = threading.Thread(target=send)
    sender.start()
    try:
        wait_for(lambda: receiver.open == 1)  # the post is waiting on the receiver
        with transaction.atomic():
            row = Delivery.objects.select_for_update(nowait=True).get(pk=delivery_id)
        assert row.status == Delivery.Status.SENDING and row.claimed_until > timezone.now()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND state LIKE 'idle in transaction%%' AND pid <> pg_backend_pid()"
            )
            assert cursor.fetchone() == (0,)
        delivery_send(delivery_id=delivery_id)  # a duplicate message meanwhile: nothing to do
        assert receiver.open == 1 and receiver.held == []
    finally:
        sender.join(timeout=DEADLINE + 30)
    assert not sender.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], DeliveryFailed)
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.attempts, len(delivery.log)) == ("pending", 1, 1)


@pytest.mark.django_db
def test_a_claim_outlived_by_its_worker_is_taken_over_and_a_live_one_is_not(
    receiver, campaign, gm, no_broker
):
    """A worker killed mid-send leaves the row claimed: once the claim lapses the sweeper
    sends it again (at least once); while it holds, nobody does."""
    delivery_id = pending_delivery(campaign, gm, receiver.url)
    now = timezone.now()
    live = {"status": Delivery.Status.SENDING, "attempts": 1}
    Delivery.objects.filter(pk=delivery_id).update(**live, claimed_until=now + timedelta(minutes=1))

    delivery_send(delivery_id=delivery_id)
    assert receiver.posts == [] and deliveries_sweep(now=now) == 0

    Delivery.objects.filter(pk=delivery_id).update(claimed_until=now - timedelta(seconds=1))
    assert deliveries_sweep(now=now) == 1 and no_broker == [delivery_id]
    delivery_send(delivery_id=delivery_id)
    delivery = Delivery.objects.get(pk=delivery_id)
    assert (delivery.status, delivery.attempts, len(receiver.posts)) == ("sent", 2, 1)
