"""Time from a bout's due time to its stored result, through the real broker and worker.

    make bench   (or: python -m campaign.devstack exec -- .venv/bin/python bench/bout_latency.py)

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
Prints the median and max over 20 bouts. Target: median under 1 second.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent
BOUTS = 20


def scratch_database() -> str:
    url = urlsplit(os.environ["DATABASE_URL"])
    name = url.path.lstrip("/") + "_bench"
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return url._replace(path="/" + name).geturl()


def drop_database(url: str) -> None:
    parts = urlsplit(url)
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


def main() -> None:
    os.environ["DATABASE_URL"] = scratch_database()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone

    from arena.models import Bout
    from arena.services import bout_schedule
    from campaign.celery import app
    from campaign.services import campaign_create
    from characters.services import gladiator_create

    call_command("migrate", verbosity=0)
    gm = get_user_model().objects.create_user("bench-gm")
    campaign = campaign_create(by=gm, name="Bench", ruleset="gladiatorquest")
    fighters = [
        gladiator_create(campaign=campaign, by=gm, name=f"G{n}", kind=kind)
        for n, kind in enumerate(["barbarian", "dwarf", "elf", "wizard"] * 10)
    ]
    app.control.purge()
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "campaign",
            "worker",
            "-l",
            "WARNING",
            "-c",
            "2",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"bench-{os.getpid()}@%h",
        ],
        cwd=ROOT,
    )
    try:
        while not app.control.ping(timeout=0.5):
            if worker.poll() is not None:
                raise SystemExit("the worker did not start")
        start = timezone.now() + timedelta(seconds=2)
        bouts = [
            bout_schedule(
                campaign=campaign,
                by=gm,
                gladiators=fighters[2 * n : 2 * n + 2],
                scheduled_at=start + timedelta(milliseconds=250 * n),
                seed=n,
            )
            for n in range(BOUTS)
        ]
        deadline = time.monotonic() + 60
        while Bout.objects.filter(status=Bout.Status.RESOLVED).count() < BOUTS:
            if time.monotonic() > deadline:
                raise SystemExit("bouts were not resolved within 60 s")
            time.sleep(0.2)
        latencies = [
            (b.resolved_at - b.scheduled_at).total_seconds()
            for b in Bout.objects.filter(pk__in=[b.pk for b in bouts])
        ]
    finally:
        worker.terminate()
        worker.wait(timeout=20)
        from django.db import connections

        connections.close_all()
        drop_database(os.environ["DATABASE_URL"])
    print(f"bout due -> result stored, real worker and broker, {BOUTS} bouts:")
    print(f"  median {statistics.median(latencies) * 1000:.0f} ms")
    print(f"  max    {max(latencies) * 1000:.0f} ms")
    print(f"  min    {min(latencies) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
