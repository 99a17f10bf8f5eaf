"""A webhook post: its body (Ludus JSON or Discord-compatible), its signature, and the one HTTP
request that carries it. No Django models here beyond reading them.

The signature: `X-Ludus-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw request body with
the webhook's secret as the key (docs/notifications.md shows how a receiver checks it).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from .models import Delivery, Event, Webhook

SIGNATURE_HEADER = "X-Ludus-Signature"
DISCORD_LIMIT = 2000  # characters of a Discord message's content
RESPONSE_KEPT = 200  # characters of a refusing receiver's answer kept in the delivery log


def signature(secret: str, body: bytes) -> str:
    """The value of X-Ludus-Signature for `body`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def absolute(link: str) -> str:
    return f"{settings.LUDUS_SITE_URL}{link}" if link.startswith("/") else link


def body(event: Event, delivery: Delivery, webhook: Webhook) -> bytes:
    if webhook.format == Webhook.Format.DISCORD:
        text = f"**{event.campaign.name}**: {event.text}"
        if event.link:
            text += f"\n<{absolute(event.link)}>"
        document: dict[str, Any] = {
            "content": text[:DISCORD_LIMIT],
            "username": "Ludus",
            "allowed_mentions": {"parse": []},  # names in the text never ping anybody
        }
    else:
        document = {
            "id": event.pk,
            "delivery": delivery.pk,
            "event": event.kind,
            "campaign": {"slug": event.campaign.slug, "name": event.campaign.name},
            "text": event.text,
            "url": absolute(event.link) if event.link else None,
            "data": event.data,
            "created_at": event.created_at.isoformat(),
        }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


@dataclass(frozen=True)
class Answer:
    """How one attempt went: `status` is the receiver's HTTP status (None for e-mail or when no
    answer came); `permanent` failures are not retried."""

    ok: bool
    status: int | None
    error: str
    permanent: bool = False


def address_refused(url: str) -> str | None:
    """Why the worker will not post to `url` (a private, loopback or link-local address, unless
    LUDUS_WEBHOOK_ALLOW_PRIVATE), or None."""
    if settings.LUDUS_WEBHOOK_ALLOW_PRIVATE:
        return None
    parts = urlsplit(url)
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        return f"cannot resolve {parts.hostname}: {error}"
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global:
            return f"{parts.hostname} is a private address ({address})"
    return None


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a 3xx is an answer, not a new address
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def post(url: str, payload: bytes, headers: dict[str, str]) -> Answer:
    """POST once; a 2xx is success, anything else (a status, a timeout, a refused connection)
    a failure in words."""
    refused = address_refused(url)
    if refused:
        return Answer(False, None, f"Not sent: {refused}.")
    request = urllib.request.Request(url, data=payload, method="POST", headers=headers)
    try:
        with _OPENER.open(request, timeout=settings.LUDUS_WEBHOOK_TIMEOUT_SECONDS) as response:
            return Answer(200 <= response.status < 300, response.status, "")
    except urllib.error.HTTPError as error:
        said = error.read(RESPONSE_KEPT).decode("utf-8", "replace")
        return Answer(False, error.code, f"HTTP {error.code} {error.reason}: {said}".strip(": "))
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        return Answer(False, None, f"{type(error).__name__}: {reason}")
