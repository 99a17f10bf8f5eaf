"""A real SMTP server (aiosmtpd) and a real HTTP receiver (http.server), both on 127.0.0.1 in
this test process, and the worker's two steps run as the worker runs them."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller

from campaign.notifications.models import Delivery
from campaign.notifications.services import delivery_send, event_fan_out


@dataclass
class Mailbox:
    messages: list = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)  # each message as it came over the wire

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        from email import message_from_bytes, policy

        message = message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append((list(envelope.rcpt_tos), message))
        self.raw.append(envelope.content)
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp(settings) -> Iterator[Mailbox]:
    """Django sends through SMTP to a real server listening on a free local port."""
    mailbox = Mailbox()
    with socket.socket() as probe:  # a free port (the controller checks it can connect)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.LUDUS_EMAIL_TRANSPORT = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    try:
        yield mailbox
    finally:
        controller.stop()


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    """A webhook receiver on 127.0.0.1: records every POST and answers `status` (settable)."""

    def __init__(self) -> None:
        self.posts: list[Received] = []
        self.status = 204
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                receiver.posts.append(
                    Received(self.path, dict(self.headers.items()), self.rfile.read(length))
                )
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings) -> Iterator[Receiver]:
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = True  # the receiver is on the loopback
    found = Receiver()
    try:
        yield found
    finally:
        found.close()


@pytest.fixture
def worker():
    """What the worker does with an event after commit: fan it out, then send each delivery
    (once; its retries are the tests' to run)."""

    def run(event) -> list[Delivery]:
        for delivery_id in event_fan_out(event_id=event.pk):
            delivery_send(delivery_id=delivery_id)
        return list(Delivery.objects.filter(event=event).order_by("id"))

    return run
