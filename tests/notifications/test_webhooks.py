"""A GM's webhooks: every event of the campaign posted by the worker to a real local receiver,
signed with HMAC-SHA256, retried with backoff when the receiver fails, each attempt logged."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta

import pytest
from django.urls import reverse

from campaign.notifications.models import Delivery, Event, Webhook
from campaign.notifications.services import delivery_send, event_record, webhook_create
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


def test_a_failing_receiver_is_retried_with_backoff_and_logged(
    receiver, worker, campaign, gm, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.LUDUS_DELIVERY_BACKOFF_SECONDS = 10
    settings.LUDUS_DELIVERY_ATTEMPTS = 4
    retries = []
    monkeypatch.setattr(
        "campaign.notifications.services.enqueue_delivery_send",
        lambda pk, countdown=None: retries.append(countdown),
    )
    webhook_create(campaign=campaign, by=gm, url=receiver.url)
    receiver.status = 500
    event = record(campaign)
    with django_capture_on_commit_callbacks(execute=True):
        (delivery,) = worker(event)
        waits = [delivery_send(delivery_id=delivery.pk) for _ in range(2)]

    assert waits == [20.0, 40.0]  # the wait doubles after each failure
    assert retries == [None, 10.0, 20.0, 40.0]  # the first send, then each retry, enqueued
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (Delivery.Status.PENDING, 3)
    assert [a["status"] for a in delivery.log] == [500, 500, 500]
    assert "HTTP 500" in delivery.log[-1]["error"]
    assert delivery.next_attempt_at - delivery.created_at > timedelta(seconds=40)

    receiver.status = 200  # the receiver is back: the next retry goes through
    assert delivery_send(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, len(receiver.posts)) == ("sent", 4, 4)
    assert len({p.headers["X-Ludus-Delivery"] for p in receiver.posts}) == 1


def test_after_the_last_attempt_it_gives_up(receiver, worker, campaign, gm, settings):
    settings.LUDUS_DELIVERY_ATTEMPTS = 1
    webhook_create(campaign=campaign, by=gm, url=receiver.url)
    receiver.status = 503
    (delivery,) = worker(record(campaign))
    assert (delivery.status, delivery.next_attempt_at) == (Delivery.Status.FAILED, None)
    assert delivery_send(delivery_id=delivery.pk) is None
    assert len(receiver.posts) == 1


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
    assert "127.0.0.1 is a private address" in delivery.log[0]["error"]


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
