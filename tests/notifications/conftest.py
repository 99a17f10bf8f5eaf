"""A real SMTP server (aiosmtpd) and a real HTTP receiver (http.server), both on 127.0.0.1 in
this test process, and the worker's two steps run as the worker runs them."""

from __future__ import annotations

import contextlib
import select
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller

from campaign.notifications.models import Delivery
from campaign.notifications.services import DeliveryFailed, delivery_send, event_fan_out


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
    """A webhook receiver on 127.0.0.1: records every POST and answers `status` (settable), or
    the next of `statuses` while there are any."""

    def __init__(self) -> None:
        self.posts: list[Received] = []
        self.status = 204
        self.statuses: list[int] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                receiver.posts.append(
                    Received(self.path, dict(self.headers.items()), self.rfile.read(length))
                )
                self.send_response(
                    receiver.statuses.pop(0) if receiver.statuses else receiver.status
                )
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


class SlowReceiver:
    """A webhook receiver on 127.0.0.1 that reads the request, then answers one byte every
    `interval` seconds for as long as the client listens (at most `lasting` seconds): per read
    it is never silent for long, in all it never finishes. `mode` says where it trickles:
    "status" (the status line and a header never end), "body" (a 500 whose body never ends) or
    "silent" (no byte at all). Each connection is timed from accept to the client's hang-up,
    on this process's clock."""

    def __init__(self, mode: str = "status", interval: float = 0.2, lasting: float = 60) -> None:
        self.mode, self.interval, self.lasting = mode, interval, lasting
        self.lock = threading.Lock()
        self.open = 0  # connections being answered now
        self.held: list[float] = []  # seconds each finished connection was held by its client
        self.bytes_sent = 0
        self.stop = threading.Event()
        self.server = socket.create_server(("127.0.0.1", 0))
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.getsockname()[1]}/hook"

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:  # closed
                return
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        accepted = time.monotonic()
        with self.lock:
            self.open += 1
        try:
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                request += chunk
            head = {
                "status": b"HTTP/1.1 200 OK\r\nX-Slow: ",
                "body": b"HTTP/1.1 500 Slow\r\nContent-Length: 100000\r\n\r\n",
                "silent": b"",
            }[self.mode]
            conn.sendall(head)
            while time.monotonic() - accepted < self.lasting and not self.stop.is_set():
                readable, _, _ = select.select([conn], [], [], self.interval)
                if readable and not conn.recv(65536):
                    return  # the client hung up
                if self.mode != "silent":
                    conn.sendall(b"x")
                    with self.lock:
                        self.bytes_sent += 1
        except OSError:  # the client hung up mid-write
            return
        finally:
            conn.close()
            with self.lock:
                self.open -= 1
                self.held.append(time.monotonic() - accepted)

    def close(self) -> None:
        self.stop.set()
        self.server.close()


@pytest.fixture
def slow_receiver(settings) -> Iterator[SlowReceiver]:
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = True  # the receiver is on the loopback
    found = SlowReceiver()
    try:
        yield found
    finally:
        found.close()


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
    (once; a failure leaves it pending, its retries are the tests' to run)."""

    def run(event) -> list[Delivery]:
        for delivery_id in event_fan_out(event_id=event.pk):
            with contextlib.suppress(DeliveryFailed):  # the task would retry it later
                delivery_send(delivery_id=delivery_id)
        return list(Delivery.objects.filter(event=event).order_by("id"))

    return run
