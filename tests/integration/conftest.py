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


def _test_database_url() -> str:
    """DATABASE_URL with the database pytest-django created in place of the real one."""
    url = urlsplit(os.environ["DATABASE_URL"])
    return url._replace(path="/" + connection.settings_dict["NAME"]).geturl()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """Start one worker for the session; every test using it must be transactional."""
    with django_db_blocker.unblock():
        env = {**os.environ, "DATABASE_URL": _test_database_url()}
    app.control.purge()  # stale messages of earlier runs would only be no-ops, but slow us down
    log = tmp_path_factory.mktemp("worker") / "worker.log"
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
                f"test-{os.getpid()}@%h",
                "--without-gossip",
                "--without-mingle",
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
    worker.log_path = log
    yield worker
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()
