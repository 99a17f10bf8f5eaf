"""`make run`'s stack: gunicorn serves the demo campaign and its static files, and Ctrl-C leaves
nothing running, gunicorn's workers included."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent
NAME = f"ludus_devstack_{os.getpid()}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode()


@pytest.fixture
def scratch_database():
    yield NAME
    url = urlsplit(os.environ["DATABASE_URL"])
    with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{NAME}" WITH (FORCE)')


@pytest.mark.skipif(
    ".devdata" not in os.environ.get("DATABASE_URL", ""),
    reason="make run's embedded stack; this run uses external servers",
)
def test_run_serves_the_demo_and_ctrl_c_stops_everything(scratch_database):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    env.update(
        LUDUS_DATABASE_NAME=scratch_database,
        LUDUS_REDIS_NAME="redis-devstack-test",
        PORT=str(port),
    )
    stack = subprocess.Popen(
        [sys.executable, "-m", "campaign.devstack", "run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        banner = ""
        # A guard against a hang, not a speed check: the demo fights its bouts first, and a
        # machine kept busy by other work takes minutes.
        deadline = time.monotonic() + 600
        while "Ctrl-C stops" not in banner:
            line = stack.stdout.readline()
            assert line or stack.poll() is None, f"the stack exited early:\n{banner}"
            banner += line
            assert time.monotonic() < deadline, banner
        assert f"http://127.0.0.1:{port}/" in banner and "gladius" in banner
        # Keep reading: a full pipe would block the worker's and beat's logging.
        threading.Thread(target=stack.stdout.read, daemon=True).start()
        deadline = time.monotonic() + 30
        while True:
            try:
                page = get(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                assert time.monotonic() < deadline, "the web server never answered"
                time.sleep(0.3)
        assert "The Games of Capua" in page and "The Forum Arena" in page
        assert "The Engines of Alesia" in page and "The Elders of Pompeii" in page
        # collectstatic's hashed names, served by WhiteNoise from inside gunicorn
        stylesheet = re.search(r'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', page)
        assert stylesheet, "no hashed stylesheet link on the page"
        assert "{" in get(f"http://127.0.0.1:{port}{stylesheet[1]}")
        children = psutil.Process(stack.pid).children(recursive=True)
        assert len(children) >= 4  # web, two workers (and their pools), beat, redis
        gunicorn = [c for c in children if "gunicorn" in " ".join(c.cmdline())]
        assert len(gunicorn) >= 2, "gunicorn's master and its workers"
        # E-mails and webhook posts link to the port served, not to the default 8000.
        assert gunicorn[0].environ()["LUDUS_SITE_URL"] == f"http://127.0.0.1:{port}"
        # One worker per pool: a simulation never takes a slot the fights need.
        queues = {
            c.cmdline()[c.cmdline().index("-Q") + 1]
            for c in children
            if "worker" in c.cmdline() and "-Q" in c.cmdline()
        }
        assert queues == {"fights,messages", "simulations"}
        stack.send_signal(signal.SIGINT)  # what Ctrl-C sends
        stack.wait(timeout=60)
    finally:
        if stack.poll() is None:  # the test failed: leave no stray server behind
            for process in psutil.Process(stack.pid).children(recursive=True):
                process.kill()
            os.killpg(stack.pid, signal.SIGKILL)
    assert stack.returncode == 0
    # Orphans the stack left behind would still be running when the wait ends.
    _gone, alive = psutil.wait_procs(children, timeout=10)
    alive = [c for c in alive if c.status() != psutil.STATUS_ZOMBIE]
    assert not alive, [c.cmdline() for c in alive]
    assert not (ROOT / ".devdata" / "redis-devstack-test" / "redis.sock").exists()


@pytest.mark.skipif(
    ".devdata" not in os.environ.get("DATABASE_URL", ""),
    reason="make run's embedded stack; this run uses external servers",
)
def test_a_killed_process_does_not_keep_the_embedded_postgres_running_forever():
    """pgserver stops PostgreSQL when the last process holding a handle lets go; a process that
    was killed never lets go, so the devstack forgets the handles of the dead on its way out."""
    handles = ROOT / ".devdata" / "pg" / ".handle_pids.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    listed = json.loads(handles.read_text())
    handles.write_text(json.dumps([*listed, dead.pid]))
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    env["LUDUS_REDIS_NAME"] = "redis-devstack-test"
    subprocess.run(
        [sys.executable, "-m", "campaign.devstack", "exec", "--", "true"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert dead.pid not in json.loads(handles.read_text())
