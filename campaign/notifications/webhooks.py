"""A webhook post: its body (Ludus JSON or Discord-compatible), its signature, and the one HTTP
request that carries it (aiohttp: one deadline for the whole post, and a connection only to an
address checked as it is connected). No Django models here beyond reading them.

The signature: `X-Ludus-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw request body with
the webhook's secret as the key (docs/notifications.md shows how a receiver checks it).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import json
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import aiohttp.abc
from django.conf import settings

from . import addresses
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


class AddressRefused(OSError):
    """The worker will not connect to this address: it is not a public one."""


def _is(host: str, address: addresses.Address) -> bool:
    """Whether the URL's host is this very address (written as an address, not a name)."""
    try:
        return ipaddress.ip_address(host) == address
    except ValueError:
        return False


async def _read_some(content: aiohttp.StreamReader, limit: int) -> bytes:
    kept = b""
    while len(kept) < limit and (chunk := await content.read(limit - len(kept))):
        kept += chunk
    return kept


def post(
    url: str,
    payload: bytes,
    headers: dict[str, str],
    *,
    resolver: aiohttp.abc.AbstractResolver | None = None,
) -> Answer:
    """POST once, within LUDUS_WEBHOOK_TIMEOUT_SECONDS in all (resolving, connecting, sending
    and the answer), to a public address only. A 2xx is success, anything else (a status, the
    deadline, a refused connection) a failure in words; an address that is not public a
    permanent one. `resolver` is aiohttp's (the system's getaddrinfo unless given)."""
    if asyncio._get_running_loop() is None:
        return _post_in_own_loop(url, payload, headers, resolver)
    # A thread whose own loop is running (an async caller; Playwright's sync API in the browser
    # tests) cannot run another: the post gets a thread of its own.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_post_in_own_loop, url, payload, headers, resolver).result()


def _post_in_own_loop(
    url: str,
    payload: bytes,
    headers: dict[str, str],
    resolver: aiohttp.abc.AbstractResolver | None,
) -> Answer:
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_post(url, payload, headers, resolver))
    finally:
        # Closing the loop does not wait for a name lookup still running past the deadline
        # (asyncio.run would, for minutes).
        loop.close()


async def _post(
    url: str,
    payload: bytes,
    headers: dict[str, str],
    resolver: aiohttp.abc.AbstractResolver | None,
) -> Answer:
    deadline = settings.LUDUS_WEBHOOK_TIMEOUT_SECONDS
    host = urlsplit(url).hostname or ""
    refused: list[str] = []
    allowed: list[str] = []

    def open_socket(addr_info: tuple) -> socket.socket:
        """aiohttp connects the socket made here to this very address: the one checked, so a
        name that answers differently later (DNS rebinding) cannot move the post elsewhere."""
        family, kind, proto, _, sockaddr = addr_info
        address = ipaddress.ip_address(sockaddr[0])
        why = None if settings.LUDUS_WEBHOOK_ALLOW_PRIVATE else addresses.refusal(address)
        if why:
            refused.append(
                f"{address} is {why}" if _is(host, address) else f"{host} is at {address}, {why}"
            )
            raise AddressRefused(refused[-1])
        allowed.append(str(address))
        return socket.socket(family, kind, proto)

    connector = aiohttp.TCPConnector(
        resolver=resolver, socket_factory=open_socket, use_dns_cache=False, force_close=True
    )
    try:
        async with (
            asyncio.timeout(deadline),
            aiohttp.ClientSession(
                connector=connector, trust_env=False, timeout=aiohttp.ClientTimeout(total=None)
            ) as session,
            session.post(url, data=payload, headers=headers, allow_redirects=False) as response,
        ):
            if 200 <= response.status < 300:
                return Answer(True, response.status, "")
            said = (await _read_some(response.content, RESPONSE_KEPT)).decode("utf-8", "replace")
            answer = f"HTTP {response.status} {response.reason or ''}".strip()
            return Answer(False, response.status, f"{answer}: {said}".strip(": "))
    except TimeoutError:
        return Answer(False, None, f"No whole answer within the deadline of {deadline:g} s.")
    except aiohttp.ClientConnectorError as error:
        if refused and not allowed:
            return Answer(
                False, None, f"Not sent: {refused[0]}; webhooks go to public addresses only.",
                permanent=True,
            )  # fmt: skip
        return Answer(False, None, f"{type(error).__name__}: {error}")
    except (aiohttp.ClientError, OSError, ValueError) as error:
        return Answer(False, None, f"{type(error).__name__}: {error}")
