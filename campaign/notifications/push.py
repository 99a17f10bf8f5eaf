"""Web push (RFC 8030, 8291, 8292): the site's VAPID key, and one push to one device.

pywebpush encrypts the payload to the browser's keys (aes128gcm) and py_vapid signs the
Authorization header; the POST itself is webhooks.post, so a push endpoint reaches only a
public address, within the same one deadline, and follows no redirect, as a webhook does.

The payload carries no secret: a title (the campaign and the kind of event) and a link to the
page, which the player opens signed in. Whatever else the event says stays on the site.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from email.utils import parseaddr
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.db import connection, transaction
from py_vapid import Vapid02
from pywebpush import WebPusher

from . import webhooks
from .models import Delivery, Event, PushKey, PushSubscription

# How long a push service keeps a message for a device that is offline (its TTL header): a
# day, the span of a turn; older news is in the inbox.
TTL_SECONDS = 24 * 3600
# The push service's answers that say the subscription is gone for good.
GONE = (404, 410)


def vapid_key() -> Vapid02:
    """The site's VAPID key, made on first use and kept in the database (one row)."""
    row = PushKey.objects.order_by("id").first()
    if row is None:
        with transaction.atomic():
            # Two first uses at once: the table lock makes the second find the first's row.
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {PushKey._meta.db_table} IN EXCLUSIVE MODE")
            row = PushKey.objects.order_by("id").first()
            if row is None:
                made = Vapid02()
                made.generate_keys()
                row = PushKey.objects.create(private_pem=made.private_pem().decode())
    return Vapid02.from_pem(row.private_pem.encode())


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def application_server_key() -> str:
    """The public half, as the page hands it to PushManager.subscribe (base64url, 65 bytes)."""
    public = vapid_key().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(public)


def key_problem(p256dh: str, auth: str) -> str | None:
    """What is wrong with a subscription's keys, in words (None: they are a P-256 point and a
    16-byte secret, as a browser gives them)."""
    try:
        point, secret = b64url_decode(p256dh), b64url_decode(auth)
    except (binascii.Error, ValueError):
        return "The subscription's keys are not base64url."
    if len(point) != 65 or point[0] != 4:
        return "The subscription's p256dh key is not an uncompressed P-256 point."
    if len(secret) != 16:
        return "The subscription's auth secret is not 16 bytes."
    return None


def payload(event: Event) -> bytes:
    """What the device shows: a title and the page to open. Nothing of the event's text."""
    document = {
        "title": f"{event.campaign.name}: {Event.Kind(event.kind).label}",
        "url": webhooks.absolute(event.link or f"/campaigns/{event.campaign.slug}/"),
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def vapid_subject() -> str:
    """Who runs this site, for the push service (RFC 8292's `sub`): the sender's address."""
    return "mailto:" + (parseaddr(settings.DEFAULT_FROM_EMAIL)[1] or "ludus@localhost")


def send(delivery: Delivery) -> webhooks.Answer:
    """Encrypt the event's payload to the device and POST it to its push service. A device
    the push service calls gone (404, 410) is removed, and not tried again."""
    found = delivery.subscription
    if found is None:
        return webhooks.Answer(False, None, "The device unsubscribed.", permanent=True)
    info = {"endpoint": found.endpoint, "keys": {"p256dh": found.p256dh, "auth": found.auth}}
    body = WebPusher(info).encode(payload(delivery.event), "aes128gcm")["body"]
    endpoint = urlsplit(found.endpoint)
    claims = {
        "aud": f"{endpoint.scheme}://{endpoint.netloc}",
        "sub": vapid_subject(),
        "exp": int(time.time()) + 12 * 3600,
    }
    headers = {
        **vapid_key().sign(claims),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(TTL_SECONDS),
        "Urgency": "normal",
    }
    answer = webhooks.post(found.endpoint, body, headers)
    if answer.status in GONE:
        PushSubscription.objects.filter(pk=found.pk).delete()
        return webhooks.Answer(
            False, answer.status, f"{answer.error}; the device is gone, its subscription removed.",
            permanent=True,
        )  # fmt: skip
    return answer
