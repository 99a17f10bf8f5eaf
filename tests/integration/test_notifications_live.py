"""Notifications go out from the real worker after commit: a bout scheduled and fought reaches
the GM's webhook, signed, once each, and a receiver that fails at first gets the retry."""

from __future__ import annotations

import json
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from arena.services import bout_schedule
from campaign.notifications.models import Delivery
from campaign.notifications.services import webhook_create
from campaign.notifications.webhooks import signature
from tests.notifications.conftest import Receiver

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
