"""What the benchmarks share: a scratch database beside the real one, Django on it, a real
Celery worker, and the figures printed the same way."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent


def scratch_database(*, fresh: bool = True) -> tuple[str, bool]:
    """<name>_bench on the server DATABASE_URL points at (made anew unless `fresh` is False
    and it exists): its URL, and whether it was there already."""
    url = urlsplit(os.environ["DATABASE_URL"])
    name = url.path.lstrip("/") + "_bench"
    with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if fresh or not exists:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
            exists = None
    return url._replace(path="/" + name).geturl(), bool(exists)


def drop_database(url: str) -> None:
    parts = urlsplit(url)
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


@contextlib.contextmanager
def django_on_scratch_database() -> Iterator[None]:
    """Django set up and migrated on a fresh scratch database, dropped afterwards."""
    url, _ = scratch_database()
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    try:
        yield
    finally:
        connections.close_all()
        drop_database(url)


def _answering(app, prefix: str) -> int:
    """How many workers named `prefix`... answer a ping (a `make run` on the same broker
    answers too)."""
    return sum(next(iter(reply)).startswith(prefix) for reply in app.control.ping(timeout=0.5))


@contextlib.contextmanager
def celery_workers(*, niceness: int = 10) -> Iterator[dict[str, subprocess.Popen]]:
    """The Celery workers `make run` starts (campaign.devstack.worker_commands), on the
    scratch database, each answering a ping when this yields them by pool name."""
    from campaign.celery import app
    from campaign.devstack import worker_commands

    app.control.purge()
    name = f"bench-{os.getpid()}"
    workers = {
        pool: subprocess.Popen(command, cwd=ROOT)
        for pool, command in worker_commands(
            log_level="WARNING", name=name, niceness=niceness
        ).items()
    }
    try:
        # The simulations worker starts under `nice`: on a busy machine it takes a while.
        deadline = time.monotonic() + 300
        while _answering(app, name) < len(workers):
            if any(w.poll() is not None for w in workers.values()) or time.monotonic() > deadline:
                raise SystemExit("the workers did not start")
        yield workers
    finally:
        for worker in workers.values():
            worker.terminate()  # a warm shutdown: each process finishes its task
        for worker in workers.values():
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:  # a simulation of minutes: stop it now
                worker.send_signal(signal.SIGQUIT)  # Celery's cold shutdown
                worker.wait()


@contextlib.contextmanager
def celery_worker() -> Iterator[subprocess.Popen]:
    """`make run`'s workers; yields the one on the fights and messages queues (bouts, turns,
    notifications), whose CPU the load benchmark counts."""
    with celery_workers() as workers:
        yield workers["urgent"]


@contextlib.contextmanager
def web_server() -> Iterator[tuple[str, subprocess.Popen]]:
    """gunicorn as `make run` starts it (campaign.devstack.web_command) on a free loopback port
    and the scratch database; yields its base URL and process once it answers."""
    from campaign.devstack import web_command

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(web_command(port), cwd=ROOT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        # As long as the workers get: on a crowded machine the first answer (every rule set
        # imported) took over a minute.
        deadline = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/rulesets/", timeout=5):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the web server did not start") from None
                time.sleep(0.1)
        yield base, server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)  # the master and its workers
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def report(what: str, seconds: list[float]) -> None:
    print(f"{what}, {len(seconds)} samples:")
    print(f"  median {statistics.median(seconds) * 1000:.0f} ms")
    print(f"  max    {max(seconds) * 1000:.0f} ms")
    print(f"  min    {min(seconds) * 1000:.0f} ms")


def giants_duel(gm, players) -> tuple:
    """A running Gladiator Arena play-by-web bout of two giants far apart on a 26 x 26 board,
    standing still so that it lasts as long as a bench needs: (bout, its two entrants). Call
    it inside django_on_scratch_database."""
    from arena.play.services import bout_enter, bout_open, bout_start
    from campaign.services import campaign_create, campaign_join
    from characters.services import gladiator_create

    campaign = campaign_create(by=gm, name="Bench arena", ruleset="gladiator-arena")
    for player in players:
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    bout = bout_open(
        campaign=campaign,
        by=gm,
        title="Bench",
        options={"board": [26, 26], "time_limit": False},
        deadline_hours=None,
    )
    entrants = [
        bout_enter(
            bout=bout,
            gladiator=gladiator_create(campaign=campaign, by=p, name=f"G{n}", kind="giant"),
            by=p,
            square=square,
        )
        for n, (p, square) in enumerate(zip(players, ("A1", "Z26"), strict=True))
    ]
    bout_start(bout=bout, by=gm)
    return bout, entrants
