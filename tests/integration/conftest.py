"""A real `celery worker` process on the real broker and the test database."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection

from campaign.celery import app

ROOT = Path(__file__).resolve().parents[2]
WEBHOOK_DEADLINE = 2.0


def test_database_url() -> str:
    """DATABASE_URL with the database pytest-django created in place of the real one."""
    url = urlsplit(os.environ["DATABASE_URL"])
    return url._replace(path="/" + connection.settings_dict["NAME"]).geturl()


test_database_url.__test__ = False  # a helper, not a test


def start_worker(log: Path, *, name: str, queue: str = "celery") -> subprocess.Popen:
    """Start `celery worker` on the test database and wait until it says it is ready."""
    env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        # Webhook receivers of the tests listen on the loopback; e-mail stays in memory.
        "LUDUS_WEBHOOK_ALLOW_PRIVATE": "1",
        "LUDUS_EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "LUDUS_DELIVERY_BACKOFF_SECONDS": "1",
        # A webhook post's total deadline (tests/integration/test_notifications_live.py).
        "LUDUS_WEBHOOK_TIMEOUT_SECONDS": str(WEBHOOK_DEADLINE),
    }
    with open(log, "wb") as out:
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "campaign",
                "worker",
                "-l",
                "INFO",
                "-c",
                "2",
                "-n",
                f"{name}-{os.getpid()}@%h",
                "--without-gossip",
                "--without-mingle",
                "-Q",
                queue,
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while b" ready." not in log.read_bytes():
        if worker.poll() is not None or time.monotonic() > deadline:
            worker.kill()
            raise RuntimeError(f"celery worker did not start:\n{log.read_text()}")
        time.sleep(0.1)
    return worker


def stop_worker(worker: subprocess.Popen) -> None:
    if worker.poll() is not None:
        return
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """One worker for the session; every test using it must be transactional."""
    with django_db_blocker.unblock():
        app.control.purge()  # stale messages of earlier runs would only be no-ops, but slow us
        worker = start_worker(tmp_path_factory.mktemp("worker") / "worker.log", name="test")
    yield worker
    stop_worker(worker)
