"""/healthz on a running stack: gunicorn, a real worker on every queue and beat, each part then
stopped in turn. The stack has a broker and a PostgreSQL of its own (a private redis-server
and a private pgserver cluster), so that stopping them leaves the test run's alone: the web
process asks the private PostgreSQL, the worker and beat work on the test database (the
sweeper sweeps its bouts) and report through the private broker."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from campaign import devstack
from tests.integration.conftest import ROOT, start_worker, stop_worker, test_database_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WORKER_LIMIT = 4  # seconds without a heartbeat (every 2 s) before a queue is failing
SWEEP_LIMIT = 15  # seconds without a sweep (beat sends one every second here)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _healthz(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def _wait_for(port: int, want, what: str, timeout: float = 60) -> dict:
    """Poll /healthz until `want(status, body)` holds; the last answer is in the failure."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):  # gunicorn not listening yet
            last = _healthz(port)
            if want(*last):
                return last[1]
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}; last answer: {last}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def _private_postgres(name: str):
    """A PostgreSQL cluster of its own under .devdata, deleted on exit."""
    import pgserver

    server = pgserver.get_server(devstack.DATA / name, cleanup_mode="delete")
    try:
        yield server.get_uri("postgres")
    finally:
        server.cleanup()


def test_healthz_answers_200_then_503_naming_each_stopped_part(tmp_path):
    tag = f"health-{os.getpid()}"
    port = _free_port()
    with contextlib.ExitStack() as stack:
        # Last: the private broker's folder, once its server has stopped.
        stack.callback(shutil.rmtree, devstack.DATA / f"redis-{tag}", ignore_errors=True)
        broker_stack = stack.enter_context(contextlib.ExitStack())
        broker_url = broker_stack.enter_context(devstack.embedded_redis(f"redis-{tag}"))
        pg_stack = stack.enter_context(contextlib.ExitStack())
        pg_url = pg_stack.enter_context(_private_postgres(f"pg-{tag}"))
        env = {
            **os.environ,
            "CELERY_BROKER_URL": broker_url,
            "LUDUS_HEALTH_WORKER_SECONDS": str(WORKER_LIMIT),
            "LUDUS_HEALTH_SWEEP_SECONDS": str(SWEEP_LIMIT),
            "LUDUS_SWEEP_SECONDS": "1",
        }
        web = subprocess.Popen(
            devstack.web_command(port),
            cwd=ROOT,
            env={**env, "DATABASE_URL": pg_url, "LUDUS_WEB_WORKERS": "1",
                 "LUDUS_WEB_THREADS": "2", "DJANGO_SECURE_COOKIES": "0"},
            stdout=stack.enter_context(open(tmp_path / "web.log", "wb")),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        stack.callback(_stop, web)
        worker_env = {"CELERY_BROKER_URL": broker_url}
        worker = start_worker(tmp_path / "worker.log", name=tag, env=worker_env)
        stack.callback(lambda: stop_worker(worker))
        beat = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "campaign", "beat", "-l", "INFO",
             "-s", str(tmp_path / "beat")],
            cwd=ROOT,
            env={**env, "DATABASE_URL": test_database_url()},
            stdout=stack.enter_context(open(tmp_path / "beat.log", "wb")),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        stack.callback(_stop, beat)

        body = _wait_for(port, lambda status, body: status == 200, "every part well")
        assert body["failing"] == [] and body["sweeper"]["ok"] is True
        assert all(q["age_seconds"] <= WORKER_LIMIT for q in body["queues"].values())

        # The worker stops: its three queues fail, the database and the broker stay well.
        stop_worker(worker)
        body = _wait_for(
            port,
            lambda status, body: status == 503 and body["queues"]["simulations"]["ok"] is False,
            "the stopped worker's queues to fail",
        )
        assert body["failing"][:3] == ["worker:fights", "worker:messages", "worker:simulations"]
        assert body["database"]["ok"] and body["broker"]["ok"]

        worker = start_worker(tmp_path / "worker-again.log", name=tag, env=worker_env)
        _wait_for(port, lambda status, body: status == 200, "the new worker and the sweeper")

        # PostgreSQL stops: the database alone fails.
        pg_stack.close()
        body = _wait_for(port, lambda status, body: status == 503, "the database to fail")
        assert body["failing"] == ["database"]
        assert body["broker"]["ok"] and body["queues"]["fights"]["ok"]

        # The broker stops too: it is named, and what it holds is unknown, not failing.
        stop_worker(worker)
        _stop(beat)
        broker_stack.close()
        body = _wait_for(
            port,
            lambda status, body: "broker" in body["failing"],
            "the broker to fail",
        )
        assert body["failing"] == ["database", "broker"]
        assert body["queues"]["fights"]["ok"] is None and body["sweeper"]["ok"] is None
