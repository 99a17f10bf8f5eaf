"""A GM's webhooks: every event of the campaign posted by the worker to a real local receiver,
signed with HMAC-SHA256, retried by Celery with backoff when the receiver fails, each attempt
logged."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta

import pytest
from celery.signals import task_retry
from django.urls import reverse
from django.utils import timezone

from campaign.notifications.models import Delivery, Event, Webhook
from campaign.notifications.queue import retry_wait
from campaign.notifications.services import (
    DeliveryFailed,
    delivery_send,
    event_fan_out,
    event_record,
    webhook_create,
)
from campaign.notifications.tasks import delivery_send_task
from campaign.notifications.webhooks import signature

pytestmark = pytest.mark.django_db


def record(campaign, key="bout_fought:7"):
    return event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key=key,
        text="The opening was fought: Brutus won.", link="/c/x/bouts/7/", users=[],
    )  # fmt: skip


def test_the_post_is_json_signed_with_the_webhooks_secret(receiver, worker, campaign, gm):
    hook = webhook_create(campaign=campaign, by=gm, url=receiver.url)
    event = record(campaign)
    (delivery,) = worker(event)

    (post,) = receiver.posts
    expected = hmac.new(hook.secret.encode(), post.body, hashlib.sha256).hexdigest()
    assert post.headers["X-Ludus-Signature"] == f"sha256={expected}"
    assert hmac.compare_digest(post.headers["X-Ludus-Signature"], signature(hook.secret, post.body))
    assert post.headers["X-Ludus-Event"] == "bout_fought"
    assert post.headers["X-Ludus-Delivery"] == str(delivery.pk)
    body = json.loads(post.body)
    assert body["event"] == "bout_fought" and body["id"] == event.pk
    assert body["campaign"] == {"slug": campaign.slug, "name": campaign.name}
    assert body["url"] == "http://127.0.0.1:8000/c/x/bouts/7/"
    assert (delivery.status, delivery.attempts, delivery.log[0]["status"]) == ("sent", 1, 204)


def test_a_tampered_body_does_not_verify(receiver, worker, campaign, gm):
    hook = webhook_create(campaign=campaign, by=gm, url=receiver.url)
    worker(record(campaign))
    (post,) = receiver.posts
    tampered = post.body.replace(b"Brutus", b"Nox")
    assert signature(hook.secret, tampered) != post.headers["X-Ludus-Signature"]


def test_the_discord_format_is_a_message(receiver, worker, campaign, gm):
    webhook_create(campaign=campaign, by=gm, url=receiver.url, format="discord")
    worker(record(campaign))
    body = json.loads(receiver.posts[0].body)
    assert body["content"].startswith("**Ludus Magnus**: The opening was fought: Brutus won.")
    assert body["allowed_mentions"] == {"parse": []}
    assert set(body) == {"content", "username", "allowed_mentions"}


def test_a_failing_receiver_is_retried_by_celery_with_backoff_and_logged(
    receiver, campaign, gm, settings
):
    """The send task run as the worker runs it, Celery's retries included (run at once here,
    as apply() runs them): each failure logged, the waits Celery asked for doubling from
    LUDUS_DELIVERY_BACKOFF_SECONDS, the same waits on the row, then through."""
    waits: list[float] = []

    def retried(sender, request, reason, **kwargs) -> None:
        waits.append(reason.when)  # the countdown Celery gave the retry

    hook = webhook_create(campaign=campaign, by=gm, url=receiver.url)
    receiver.statuses = [500, 503, 500]
    delivery = Delivery.objects.create(
        event=record(campaign), channel=Delivery.Channel.WEBHOOK, webhook=hook
    )
    task_retry.connect(retried, sender=delivery_send_task)
    try:
        delivery_send_task.apply(args=[delivery.pk])
    finally:
        task_retry.disconnect(retried, sender=delivery_send_task)

    base = settings.LUDUS_DELIVERY_BACKOFF_SECONDS
    assert waits == [base, 2 * base, 4 * base] == [retry_wait(n) for n in (1, 2, 3)]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, len(receiver.posts)) == ("sent", 4, 4)
    assert [a["status"] for a in delivery.log] == [500, 503, 500, 204]
    assert "HTTP 503" in delivery.log[1]["error"]
    assert len({p.headers["X-Ludus-Delivery"] for p in receiver.posts}) == 1


def test_the_send_task_takes_its_retries_from_the_settings(settings):
    assert delivery_send_task.autoretry_for == (DeliveryFailed,)
    assert delivery_send_task.retry_backoff == settings.LUDUS_DELIVERY_BACKOFF_SECONDS
    assert delivery_send_task.retry_jitter is False
    assert delivery_send_task.max_retries == settings.LUDUS_DELIVERY_ATTEMPTS - 1


def test_a_failure_records_when_it_is_tried_again(receiver, campaign, gm, settings):
    webhook_create(campaign=campaign, by=gm, url=receiver.url)
    receiver.status = 500
    (delivery_id,) = event_fan_out(event_id=record(campaign).pk)
    with pytest.raises(DeliveryFailed) as failed:
        delivery_send(delivery_id=delivery_id)
    delivery = Delivery.objects.get(pk=delivery_id)
    assert failed.value.retry_in == settings.LUDUS_DELIVERY_BACKOFF_SECONDS
    assert (delivery.status, delivery.attempts, delivery.claimed_until) == ("pending", 1, None)
    assert delivery.next_attempt_at - timezone.now() > timedelta(seconds=failed.value.retry_in - 5)


def test_after_the_last_attempt_it_gives_up(receiver, campaign, gm, settings):
    settings.LUDUS_DELIVERY_ATTEMPTS = 3  # the row's count decides, before Celery's backstop
    hook = webhook_create(campaign=campaign, by=gm, url=receiver.url)
    receiver.status = 503
    delivery = Delivery.objects.create(
        event=record(campaign), channel=Delivery.Channel.WEBHOOK, webhook=hook
    )
    delivery_send_task.apply(args=[delivery.pk])
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.next_attempt_at) == ("failed", 3, None)
    delivery_send(delivery_id=delivery.pk)  # a late duplicate message
    assert len(receiver.posts) == 3


def test_duplicate_delivery_posts_once(receiver, worker, campaign, gm):
    webhook_create(campaign=campaign, by=gm, url=receiver.url)
    event = record(campaign)
    worker(event)
    worker(event)
    record(campaign)  # the same event recorded again
    assert len(receiver.posts) == 1


def test_a_private_address_is_not_posted_to_unless_allowed(
    receiver, worker, campaign, gm, settings
):
    webhook_create(campaign=campaign, by=gm, url=receiver.url)
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    (delivery,) = worker(record(campaign))
    assert receiver.posts == []
    assert (delivery.status, delivery.attempts) == ("failed", 1)  # at once: no retry
    assert "127.0.0.1 is loopback (127.0.0.0/8)" in delivery.log[0]["error"]


def test_the_gm_adds_a_webhook_and_reads_its_log_on_the_page(
    receiver, worker, campaign, gm, client_as
):
    client = client_as(gm)
    url = reverse("webhooks", args=[campaign.slug])
    assert client.post(url, {"url": receiver.url, "format": "json"}).status_code == 302
    hook = Webhook.objects.get()
    receiver.status = 500
    worker(record(campaign))
    page = client.get(url).content.decode()
    assert hook.secret in page and receiver.url in page
    log = page[page.index('id="delivery-log"') :]
    assert "The opening was fought" in log and "HTTP 500" in log and "Pending" in log


@pytest.mark.parametrize("address", ["ftp://example.org/x", "not a url", "javascript:alert(1)"])
def test_a_bad_address_is_refused_in_words(address, campaign, gm, client_as):
    response = client_as(gm).post(
        reverse("webhooks", args=[campaign.slug]), {"url": address, "format": "json"}
    )
    assert response.status_code == 400
    assert "https:// or http://" in response.content.decode()
    assert not Webhook.objects.exists()
