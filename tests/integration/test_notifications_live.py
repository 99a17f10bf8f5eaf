"""Notifications go out from the real worker after commit: a bout scheduled and fought reaches
the GM's webhook, signed, once each, and a receiver that fails at first gets the retry; a
receiver that answers a byte at a time holds no worker past the post's total deadline."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule
from campaign.notifications.models import Delivery, Event
from campaign.notifications.services import event_record, webhook_create
from campaign.notifications.webhooks import signature
from tests.conftest import campaign_with
from tests.integration.conftest import WEBHOOK_DEADLINE
from tests.notifications.conftest import Receiver, SlowReceiver

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_receiver():
    found = Receiver()
    try:
        yield found
    finally:
        found.close()


def wait_for(condition, timeout: float = 45) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("the worker did not get there in time")


def test_the_worker_posts_a_bouts_events_to_the_webhook(
    celery_worker_process, live_receiver, campaign, gm, brutus, nox
):
    hook = webhook_create(campaign=campaign, by=gm, url=live_receiver.url)
    live_receiver.status = 500  # failing at first: the worker retries with backoff
    bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox],
        scheduled_at=timezone.now() - timedelta(seconds=1), seed=7,
    )  # fmt: skip
    wait_for(lambda: len(live_receiver.posts) >= 2)
    live_receiver.status = 204
    wait_for(
        lambda: (
            Delivery.objects.count() >= 2
            and not Delivery.objects.exclude(status=Delivery.Status.SENT).exists()
        )
    )

    accepted = {}
    for post in live_receiver.posts:
        assert post.headers["X-Ludus-Signature"] == signature(hook.secret, post.body)
        accepted[post.headers["X-Ludus-Delivery"]] = json.loads(post.body)["event"]
    assert len(accepted) == Delivery.objects.count()  # one post accepted per delivery
    assert {"bout_scheduled", "bout_fought"} <= set(accepted.values())
    assert set(accepted.values()) <= {"bout_scheduled", "bout_fought", "gladiator_fate"}
    refused_first = [d for d in Delivery.objects.all() if d.log[0]["status"] == 500]
    assert len(refused_first) >= 2  # the posts the receiver failed were retried and went through
    assert all(d.attempts >= 2 and d.log[-1]["status"] == 204 for d in refused_first)
    for d in refused_first:  # after Celery's backoff: at least LUDUS_DELIVERY_BACKOFF_SECONDS
        first, second = (datetime.fromisoformat(a["at"]) for a in d.log[:2])
        assert second - first >= timedelta(seconds=1)


def test_slow_receivers_hold_no_worker_past_the_total_deadline(
    celery_worker_process, live_receiver, campaign, gm
):
    """Two posts to a receiver that answers one byte every half second (a per-read timeout
    never trips) take both worker slots; a third campaign's post, queued behind them, goes
    out once the deadline has freed a slot, not when the receiver is done (a minute)."""
    slow = SlowReceiver(mode="status", interval=0.5, lasting=60)
    try:
        for path in ("one", "two"):
            webhook_create(campaign=campaign, by=gm, url=slow.url.replace("/hook", f"/{path}"))
        other = campaign_with(gm, [], name="Other Games", ruleset="gladiatorquest")
        webhook_create(campaign=other, by=gm, url=live_receiver.url)

        say(campaign, "bout_fought:1")
        wait_for(lambda: slow.open == 2)  # both slots wait on the slow receiver
        held_from = time.monotonic()
        say(other, "bout_fought:2")
        wait_for(lambda: len(live_receiver.posts) == 1)
        waited = time.monotonic() - held_from

        # The deadline, then a fan-out and a send, with slack for a busy machine: far below
        # the minute the receiver would hold a post to its end.
        assert waited < WEBHOOK_DEADLINE + 15
        wait_for(lambda: len(slow.held) >= 2)
        assert all(held < WEBHOOK_DEADLINE + 10 for held in slow.held[:2])
        slowed = Delivery.objects.filter(event__campaign=campaign)
        wait_for(lambda: all(d.log for d in slowed.all()))
        assert slowed.count() == 2
        for delivery in slowed.all():
            error = f"No whole answer within the deadline of {WEBHOOK_DEADLINE:g} s."
            assert delivery.log[0]["error"] == error and delivery.log[0]["status"] is None
        assert slow.bytes_sent >= 4  # it kept answering, a byte at a time, to the end
    finally:
        slow.close()


def say(campaign, key: str) -> Event:
    return event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key=key, text="A bout was fought.",
        users=[],
    )  # fmt: skip
