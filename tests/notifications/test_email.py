"""E-mail through Django's mail framework to a real SMTP server: one message per event and user,
whatever the number of times the worker is told to send it."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from campaign.notifications.models import Delivery, Event
from campaign.notifications.services import delivery_send, event_fan_out, event_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def addressed(owner, rival):
    for user, address in ((owner, "owner@example.org"), (rival, "rival@example.org")):
        user.email = address
        user.save(update_fields=["email"])
    return owner, rival


def record(campaign, users, key="bout_fought:7", kind=Event.Kind.BOUT_FOUGHT):
    return event_record(
        campaign=campaign, kind=kind, key=key, text="The opening was fought: Brutus won.",
        link="/c/x/bouts/7/", users=[u.pk for u in users],
    )  # fmt: skip


def test_each_recipient_gets_one_email(smtp, worker, campaign, addressed):
    owner, rival = addressed
    deliveries = worker(record(campaign, [owner, rival]))
    assert [d.status for d in deliveries] == [Delivery.Status.SENT] * 2
    assert sorted(to for (to,), _ in smtp.messages) == ["owner@example.org", "rival@example.org"]
    _, message = smtp.messages[0]
    assert message["Subject"] == "[Ludus Magnus] The opening was fought: Brutus won."
    assert "http://127.0.0.1:8000/c/x/bouts/7/" in message.get_content()


def test_duplicate_delivery_sends_once(smtp, campaign, addressed):
    """The fan-out message delivered twice, each send message delivered twice: one e-mail."""
    owner, _ = addressed
    event = record(campaign, [owner])
    first = event_fan_out(event_id=event.pk)
    second = event_fan_out(event_id=event.pk)
    assert first == second and len(first) == 1
    for delivery_id in first + second:
        delivery_send(delivery_id=delivery_id)
    assert len(smtp.messages) == 1
    assert Delivery.objects.get().attempts == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_duplicate_sends_send_once(smtp, campaign, addressed, monkeypatch):
    """Ten workers handed the same send at the same moment, each on its own connection."""
    owner, _ = addressed
    # The ten threads are the workers here: the messages the fan-out sends on commit must not
    # reach a real worker still running from the integration tests, which would send first.
    for name in ("enqueue_event_fan_out", "enqueue_delivery_send"):
        monkeypatch.setattr(f"campaign.notifications.services.{name}", lambda *a, **k: None)
    (delivery_id,) = event_fan_out(event_id=record(campaign, [owner]).pk)
    barrier = threading.Barrier(10)
    errors: list[BaseException] = []

    def send() -> None:
        try:
            barrier.wait(timeout=120)
            delivery_send(delivery_id=delivery_id)
        except BaseException as error:  # reported below: a thread's failure must fail the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=180)  # generous: a loaded machine is slow, and a send is not instant
    assert not any(t.is_alive() for t in threads), "a send never finished"
    assert errors == []
    assert len(smtp.messages) == 1
    assert Delivery.objects.get().status == Delivery.Status.SENT


def test_the_settings_choose_what_comes_by_email(smtp, worker, campaign, addressed, client_as):
    owner, rival = addressed
    url = reverse("notification-settings")
    response = client_as(owner).post(url, {"email_kinds": ["orders_needed"]})
    assert response.status_code == 302
    worker(record(campaign, [owner, rival]))
    worker(record(campaign, [owner], key="orders_needed:7:1:x", kind=Event.Kind.ORDERS_NEEDED))
    assert [to for (to,), _ in smtp.messages] == ["rival@example.org", "owner@example.org"]
    page = client_as(owner).get(url).content.decode()
    assert "owner@example.org" in page and 'value="orders_needed"' in page


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("not an address", "valid email address"),
        ("a@b", "valid email address"),
        ("x" * 300 + "@example.org", "at most"),
        ("=?utf-8?q?a=0D=0ABcc=3A=20evil?=@example.org", "read as an encoded word"),
        ("a=?utf-8?q?b?=@example.org", "read as an encoded word"),
    ],
)
def test_a_bad_address_is_refused_in_words(address, reason, owner, client_as):
    response = client_as(owner).post(reverse("account"), {"email": address})
    assert response.status_code == 400
    assert reason in response.content.decode()
    owner.refresh_from_db()
    assert owner.email == ""


def test_no_address_no_email(smtp, worker, campaign, owner):
    assert worker(record(campaign, [owner])) == []
    assert smtp.messages == []


def test_an_smtp_server_that_is_down_is_retried_and_logged(settings, worker, campaign, addressed):
    owner, _ = addressed
    settings.LUDUS_EMAIL_TRANSPORT = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2
    (delivery,) = worker(record(campaign, [owner]))
    assert (delivery.status, delivery.attempts) == (Delivery.Status.PENDING, 1)
    assert "Error" in delivery.log[0]["error"] and delivery.next_attempt_at is not None
