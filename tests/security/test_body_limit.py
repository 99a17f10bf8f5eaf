"""A body over the limit is refused before it is read (campaign/body_limit.py): over real HTTP
to a live server, the 413 comes back while most of a declared 100 MiB (or 400 MiB) body has not
even been sent; a chunked body is read at most one byte past the limit."""

from __future__ import annotations

import io
import resource
import socket

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import RequestFactory

from campaign.body_limit import BodyLimitMiddleware

pytestmark = pytest.mark.django_db

MiB = 1024 * 1024
BOUNDARY = "ludusboundary"


def post_huge(live_server, path: str, declared: int, sent: int = 64 * 1024) -> bytes:
    """POST a multipart file upload declaring `declared` bytes, send only `sent` of them, and
    read the answer (deadline: 10 s) while the connection still waits for the rest."""
    host, port = live_server.thread.host, live_server.thread.port
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\n"
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
        f"Content-Length: {declared}\r\n\r\n"
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="c.json"\r\n'
        "Content-Type: application/json\r\n\r\n"
    ).encode()
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(head + b"x" * sent)
        answer = b""
        while b"send less." not in answer:
            chunk = conn.recv(65536)
            if not chunk:
                break
            answer += chunk
    return answer


@pytest.mark.parametrize(
    ("path", "declared", "limit"),
    [
        ("/login/", 100 * MiB, "64 KiB"),
        ("/c/any-campaign/content/", 400 * MiB, "1088 KiB"),
        ("/api/auth/token/", 100 * MiB, "64 KiB"),
    ],
)
def test_a_huge_upload_is_refused_before_it_is_read(live_server, path, declared, limit):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    answer = post_huge(live_server, path, declared)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert f"The request body is over {limit}; send less.".encode() in answer
    # Nothing of the body was kept: the process's peak memory barely moved.
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 32 * 1024


class Endless(io.RawIOBase):
    """A chunked body that never ends; counts what is read of it."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        assert size >= 0, "read without a bound"
        self.read_bytes += size
        return b"x" * size


def echo(request) -> HttpResponse:
    return HttpResponse(request.body)


def chunked(stream) -> object:
    return RequestFactory().generic(
        "POST", "/api/campaigns/", HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": stream, "wsgi.input_terminated": True},
    )  # fmt: skip


def test_a_chunked_body_is_read_one_byte_past_the_limit_at_most():
    stream = Endless()
    request = chunked(stream)
    response = BodyLimitMiddleware(echo)(request)
    assert response.status_code == 413 and b"over 64 KiB" in response.content
    assert stream.read_bytes == settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1


def test_a_chunked_body_within_the_limit_is_the_request_body():
    request = chunked(io.BytesIO(b'{"name": "Ostia"}'))
    response = BodyLimitMiddleware(echo)(request)
    assert response.status_code == 200 and response.content == b'{"name": "Ostia"}'
