"""A real `celery worker` process on the real broker and the test database."""

from __future__ import annotations

import os
import socket
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


EVERY_QUEUE = "fights,messages,simulations"  # the queues of campaign/settings.py
# The workers start_worker started and stop_worker has not stopped: pid -> node name.
RUNNING: dict[int, str] = {}


def start_worker(
    log: Path, *, name: str, queue: str = EVERY_QUEUE, env: dict[str, str] | None = None
) -> subprocess.Popen:
    """Start `celery worker` on the test database and wait until it says it is ready; `queue`
    is a comma-separated list of the queues it consumes, `env` what else to set (another
    broker, say)."""
    extra = env or {}
    node = f"{name}-{os.getpid()}@{socket.gethostname()}"
    env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        # Webhook receivers of the tests listen on the loopback; e-mail stays in memory.
        "LUDUS_WEBHOOK_ALLOW_PRIVATE": "1",
        "LUDUS_EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "LUDUS_DELIVERY_BACKOFF_SECONDS": "1",
        # A webhook post's total deadline (tests/integration/test_notifications_live.py).
        "LUDUS_WEBHOOK_TIMEOUT_SECONDS": str(WEBHOOK_DEADLINE),
        **extra,
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
                node,
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
    # A bound for a hang: a worker starting beside two busy test workers and other work on
    # two cores has taken over a minute to import Django and its tasks.
    deadline = time.monotonic() + 180
    while b" ready." not in log.read_bytes():
        if worker.poll() is not None or time.monotonic() > deadline:
            worker.kill()
            raise RuntimeError(f"celery worker did not start:\n{log.read_text()}")
        time.sleep(0.1)
    RUNNING[worker.pid] = node
    return worker


def stop_worker(worker: subprocess.Popen) -> None:
    RUNNING.pop(worker.pid, None)
    if worker.poll() is not None:
        return
    worker.terminate()
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


@pytest.fixture(scope="module")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """One worker for a module's tests; every test using it must be transactional. Stopped
    after the module, so that no worker takes the tasks of later tests, which expect none to
    run (a flush at teardown would deadlock with a worker's write)."""
    with django_db_blocker.unblock():
        app.control.purge()  # stale messages of earlier runs would only be no-ops, but slow us
        worker = start_worker(tmp_path_factory.mktemp("worker") / "worker.log", name="test")
    yield worker
    stop_worker(worker)


def queue_length(queue: str) -> int:
    with app.connection_for_read() as connection:
        return app.amqp.queues[queue](connection.default_channel).queue_declare().message_count


def queue_purge(queue: str) -> None:
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(queue)


def wait_until(predicate, timeout: float = 30, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def wait_tasks_done(
    queue: str, *, ids: set[str] | None = None, name: str | None = None, timeout: float = 60
) -> None:
    """Wait until the tasks on `queue` with the given ids (or the given task name) are all
    done: none waits in the queue, none is reserved by a worker, none runs. The places are
    looked at in the order a message moves through them, so a message cannot slip past
    unseen; it can only finish, which is what is awaited. The tasks awaited must not send
    more of themselves."""

    def ours(requests: dict | None) -> bool | None:
        if requests is None:  # no worker answered in time: nothing is known
            return None
        return any(
            (ids is not None and request["id"] in ids) or request.get("name") == name
            for found in requests.values()
            for request in found
        )

    def done() -> bool:
        if queue_length(queue):
            return False
        inspect = app.control.inspect(timeout=2)
        return ours(inspect.reserved()) is False and ours(inspect.active()) is False

    wait_until(done, timeout, what=f"the tasks on {queue} to finish")


def other_sessions_busy() -> bool:
    """Whether another session of the test database is running a statement or has a
    transaction open (a killed worker's backend until PostgreSQL rolls it back)."""
    import psycopg

    with psycopg.connect(test_database_url(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')"
        ).fetchone()
    return row[0] > 0
