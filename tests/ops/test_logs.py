"""Opt-in observability: JSON log lines carrying the request id (the proxy's, or a fresh one
when it is not a plain token) and the task id, and errors sent to a Sentry endpoint tagged with
them. Each runs in a process of its own, started with the variables docs/configuration.md
names, since settings read them once."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "campaign.settings", **env},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


REQUEST = """
from django.test import Client
for given in ("edge-7f3a.1", "bad id\\n{forged}", "x" * 65):
    answer = Client().get("/nowhere", headers={"X-Request-ID": given})
    print("ANSWER", answer.status_code, answer["X-Request-ID"])
"""


def test_json_lines_of_a_request_carry_its_id_and_the_answer_says_it():
    done = run_python(
        REQUEST, LUDUS_LOG_FORMAT="json", DJANGO_DEBUG="1", DJANGO_ALLOWED_HOSTS="testserver"
    )
    answers = [line.split() for line in done.stdout.splitlines() if line.startswith("ANSWER")]
    ids = [request_id for _, status, request_id in answers]
    assert [status for _, status, _ in answers] == ["404"] * 3
    assert ids[0] == "edge-7f3a.1"
    assert all(len(i) == 32 and int(i, 16) >= 0 for i in ids[1:]) and ids[1] != ids[2]
    lines = [line for line in json_lines(done.stderr) if line["logger"] == "django.request"]
    assert [(line["request_id"], line["level"], line["event"]) for line in lines] == [
        (request_id, "warning", "Not Found: /nowhere") for request_id in ids
    ]
    assert all(line["timestamp"].endswith("Z") for line in lines)


def test_json_lines_of_a_task_carry_its_id(tmp_path):
    done = run_python(
        'from campaign.tasks import backup_task\nbackup_task.apply(task_id="task-42")',
        LUDUS_LOG_FORMAT="json", LUDUS_BACKUP_DIR=str(tmp_path),
    )  # fmt: skip
    [line] = [line for line in json_lines(done.stderr) if line["logger"] == "campaign.tasks"]
    assert line["event"].startswith("backup written: ")
    assert (line["task_id"], line["task"]) == ("task-42", "campaign.tasks.backup_task")


def test_without_a_format_the_lines_are_the_message_alone():
    done = run_python(REQUEST, DJANGO_DEBUG="1", DJANGO_ALLOWED_HOSTS="testserver")
    assert "Not Found: /nowhere\n" in done.stderr and not json_lines(done.stderr)


class SentryIngest(BaseHTTPRequestHandler):
    """Stores the body of each envelope posted to it, as a Sentry server would take it."""

    envelopes: list[bytes] = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        self.envelopes.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


def test_an_error_goes_to_sentry_tagged_with_the_request_id():
    server = ThreadingHTTPServer(("127.0.0.1", 0), SentryIngest)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        run_python(
            "import logging, sentry_sdk, structlog\n"
            "structlog.contextvars.bind_contextvars(request_id='edge-99')\n"
            "logging.getLogger('arena.services').error('the bout could not be stored')\n"
            "sentry_sdk.flush(timeout=10)\n",
            SENTRY_DSN=f"http://publickey@127.0.0.1:{server.server_port}/1",
            SENTRY_ENVIRONMENT="test",
        )
    finally:
        server.shutdown()
    events = []
    for envelope in SentryIngest.envelopes:
        for line in envelope.splitlines():
            item = json.loads(line) if line.startswith(b"{") else {}
            if item.get("logentry") or item.get("message"):
                events.append(item)
    [event] = events
    assert event["tags"]["request_id"] == "edge-99"
    assert event["environment"] == "test" and event["level"] == "error"
    assert "the bout could not be stored" in json.dumps(event)
