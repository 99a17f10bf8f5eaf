"""Web push to a local push service (http.server on 127.0.0.1, as the webhook tests' receiver):
the test is the browser, with its own P-256 key pair and auth secret, and decrypts what the
worker posted; the VAPID Authorization header is checked against the site's public key.
Nothing leaves the machine."""

from __future__ import annotations

import base64
import json
import os
import time

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.urls import reverse
from py_vapid import Vapid02

from campaign.notifications.models import Delivery, Event, PushKey, PushSubscription
from campaign.notifications.push import application_server_key
from campaign.notifications.services import event_record, notification_settings_set
from tests.notifications.conftest import Receiver

pytestmark = pytest.mark.django_db


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser's PushManager.subscribe makes: a P-256 key pair and a 16-byte secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict:  # PushSubscription.toJSON(), as the page's form posts it
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "p256dh": b64url(public), "auth": b64url(self.auth)}

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service(settings):
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = True  # the push service is on the loopback here
    receiver = Receiver()
    receiver.status = 201  # what a push service answers a message it took
    yield receiver
    receiver.close()


def subscribe(client_as, user, browser: Browser):
    return client_as(user).post(reverse("push-subscription"), browser.subscription())


def record(campaign, users, key="bout_fought:7", kind=Event.Kind.BOUT_FOUGHT):
    return event_record(
        campaign=campaign, kind=kind, key=key, text="The opening was fought: Brutus won.",
        link="/c/x/bouts/7/", users=[u.pk for u in users],
    )  # fmt: skip


def test_a_push_decrypts_to_a_title_and_a_link(push_service, worker, campaign, owner, client_as):
    browser = Browser(push_service.url)
    answer = subscribe(client_as, owner, browser)
    assert answer.status_code == 200 and answer.json() == {"ok": True, "subscribed": True}
    assert not owner.email  # a device needs no e-mail address

    (delivery,) = worker(record(campaign, [owner]))

    assert (delivery.channel, delivery.status) == (Delivery.Channel.PUSH, Delivery.Status.SENT)
    (post,) = push_service.posts
    assert post.headers["Content-Encoding"] == "aes128gcm"
    assert post.headers["TTL"] == str(24 * 3600)
    assert browser.decrypt(post.body) == {
        "title": "Ludus Magnus: A bout was fought",
        "url": "http://127.0.0.1:8000/c/x/bouts/7/",
    }
    assert b"Brutus" not in post.body  # encrypted, and the event's text is not in it anyway


def test_the_vapid_header_verifies_with_the_sites_public_key(
    push_service, worker, campaign, owner, client_as
):
    subscribe(client_as, owner, Browser(push_service.url))
    worker(record(campaign, [owner]))
    (post,) = push_service.posts
    authorization = post.headers["Authorization"]
    assert Vapid02.verify(authorization)
    token, key = authorization.removeprefix("vapid ").split(",")
    assert key == f"k={application_server_key()}"
    claims = json.loads(unb64url(token.removeprefix("t=").split(".")[1]))
    port = push_service.server.server_address[1]
    assert claims["aud"] == f"http://127.0.0.1:{port}"
    assert claims["sub"] == "mailto:ludus@localhost"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    assert PushKey.objects.count() == 1  # made once, on first use, and kept


def test_a_tampered_header_does_not_verify(push_service, worker, campaign, owner, client_as):
    """The check above could fail: the same header with another key's signature does not pass."""
    subscribe(client_as, owner, Browser(push_service.url))
    worker(record(campaign, [owner]))
    (post,) = push_service.posts
    other = Vapid02()
    other.generate_keys()
    forged = other.sign({"aud": "http://127.0.0.1", "sub": "mailto:ludus@localhost"})
    token = forged["Authorization"].split(",")[0]
    site_key = post.headers["Authorization"].split(",")[1]
    assert not Vapid02.verify(f"{token},{site_key}")


def test_only_the_kinds_chosen_for_push_are_pushed(
    push_service, worker, campaign, owner, client_as
):
    subscribe(client_as, owner, Browser(push_service.url))
    notification_settings_set(user=owner, email_kinds=[], push_kinds=[Event.Kind.TURN_RESOLVED])
    assert worker(record(campaign, [owner])) == []  # a bout fought: not chosen
    (delivery,) = worker(record(campaign, [owner], key="turn:1", kind=Event.Kind.TURN_RESOLVED))
    assert delivery.status == Delivery.Status.SENT
    assert len(push_service.posts) == 1


def test_each_device_gets_its_own_push(push_service, worker, campaign, owner, rival, client_as):
    phone, laptop = Browser(push_service.url + "/phone"), Browser(push_service.url + "/laptop")
    subscribe(client_as, owner, phone)
    subscribe(client_as, owner, laptop)
    deliveries = worker(record(campaign, [owner, rival]))  # the rival has no device
    assert [d.status for d in deliveries] == [Delivery.Status.SENT] * 2
    assert sorted(post.path for post in push_service.posts) == ["/hook/laptop", "/hook/phone"]
    by_path = {post.path: post.body for post in push_service.posts}
    assert phone.decrypt(by_path["/hook/phone"])["title"] == "Ludus Magnus: A bout was fought"
    assert laptop.decrypt(by_path["/hook/laptop"])["title"] == "Ludus Magnus: A bout was fought"


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_device_is_removed(status, push_service, worker, campaign, owner, client_as):
    subscribe(client_as, owner, Browser(push_service.url))
    push_service.status = status
    (delivery,) = worker(record(campaign, [owner]))
    assert delivery.status == Delivery.Status.FAILED  # not tried again
    assert delivery.subscription is None and not PushSubscription.objects.exists()
    assert delivery.log[-1]["status"] == status
    assert "subscription removed" in delivery.log[-1]["error"]


def test_a_push_service_error_is_retried(push_service, worker, campaign, owner, client_as):
    subscribe(client_as, owner, Browser(push_service.url))
    push_service.status = 503
    (delivery,) = worker(record(campaign, [owner]))
    assert (delivery.status, delivery.attempts) == (Delivery.Status.PENDING, 1)
    assert delivery.next_attempt_at is not None
    assert PushSubscription.objects.count() == 1


def test_a_private_endpoint_is_refused_without_the_switch(
    settings, push_service, worker, campaign, owner, client_as
):
    port = push_service.server.server_address[1]
    subscribe(client_as, owner, Browser(f"https://127.0.0.1:{port}/hook"))
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    (delivery,) = worker(record(campaign, [owner]))
    assert delivery.status == Delivery.Status.FAILED
    assert delivery.log[-1]["error"].startswith("Not sent: 127.0.0.1 is loopback")
    assert push_service.posts == []


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"endpoint": "not an address"}, "The push endpoint is not a web address."),
        ({"endpoint": "http://push.example.org/x"}, "A push endpoint is an https:// address."),
        ({"p256dh": "AAAA"}, "The subscription's p256dh key is not an uncompressed P-256 point."),
        ({"auth": "AAAA"}, "The subscription's auth secret is not 16 bytes."),
        ({"auth": "not base64!"}, "The subscription's keys are not base64url."),
    ],
)  # fmt: skip
def test_a_bad_subscription_is_refused_in_words(change, error, owner, client_as):
    sent = {**Browser("https://push.example.org/x").subscription(), **change}
    answer = client_as(owner).post(reverse("push-subscription"), sent)
    assert answer.status_code == 400 and answer.json() == {"ok": False, "error": error}
    assert not PushSubscription.objects.exists()


def test_unsubscribing_forgets_only_that_device(owner, rival, client_as):
    mine, theirs = Browser("https://push.example.org/a"), Browser("https://push.example.org/b")
    subscribe(client_as, owner, mine)
    subscribe(client_as, rival, theirs)
    answer = client_as(rival).post(
        reverse("push-subscription"), {"endpoint": mine.endpoint, "remove": "yes"}
    )
    assert answer.json() == {"ok": True, "subscribed": False}
    assert PushSubscription.objects.count() == 2  # not the rival's to remove
    client_as(owner).post(
        reverse("push-subscription"), {"endpoint": mine.endpoint, "remove": "yes"}
    )
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [rival.pk]


def test_the_settings_page_offers_the_button_and_keeps_push_choices(owner, client_as):
    client = client_as(owner)
    page = client.get(reverse("notification-settings")).content.decode()
    assert f'data-key="{application_server_key()}"' in page
    assert "Send notifications to this device" in page
    client.post(
        reverse("notification-settings"),
        {"email_kinds": [], "digest_kinds": [], "push_kinds": [Event.Kind.MERCY_VOTE]},
    )
    assert owner.notification_settings.push_kinds == [Event.Kind.MERCY_VOTE]


def test_the_service_worker_is_served_from_the_root(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    text = answer.content.decode()
    assert 'addEventListener("push"' in text and "showNotification" in text
