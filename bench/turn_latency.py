"""Time from the last order's commit to the resolved turn being stored, through the real
broker and worker (a Gladiator Arena play-by-web bout).

    python -m campaign.devstack exec -- .venv/bin/python bench/turn_latency.py   (or make bench)

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
Prints the median and max over 20 turns. Target: median under 1 second.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bout_latency import ROOT, drop_database, scratch_database

TURNS = 20


def main() -> None:
    os.environ["DATABASE_URL"] = scratch_database()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from arena.models import Bout
    from arena.play_by_web import bout_enter, bout_open, bout_start, order_submit
    from campaign.celery import app
    from campaign.services import campaign_create, campaign_join
    from characters.services import gladiator_create

    call_command("migrate", verbosity=0)
    users = [get_user_model().objects.create_user(f"bench-{n}") for n in range(3)]
    gm, a, b = users
    campaign = campaign_create(by=gm, name="Bench arena", ruleset="gladiator-arena")
    for player in (a, b):
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
    # Two giants far apart on a big board, standing still: the bout lasts as long as we like.
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
        for n, (p, square) in enumerate(((a, "A1"), (b, "Z26")))
    ]
    bout_start(bout=bout, by=gm)
    app.control.purge()
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "campaign", "worker", "-l", "WARNING", "-c", "2",
         "--without-gossip", "--without-mingle", "-n", f"bench-{os.getpid()}@%h"],
        cwd=ROOT,
    )  # fmt: skip
    latencies = []
    try:
        while not app.control.ping(timeout=0.5):
            if worker.poll() is not None:
                raise SystemExit("the worker did not start")
        for turn in range(1, TURNS + 1):
            order_submit(entrant=entrants[0], by=a, order={})
            order_submit(entrant=entrants[1], by=b, order={})  # the last order: commit here
            committed = time.perf_counter()
            deadline = committed + 30
            while Bout.objects.filter(pk=bout.pk, turn=turn).exists():
                if time.perf_counter() > deadline:
                    raise SystemExit(f"turn {turn} was not resolved within 30 s")
                time.sleep(0.002)
            latencies.append(time.perf_counter() - committed)
    finally:
        worker.terminate()
        worker.wait(timeout=20)
        from django.db import connections

        connections.close_all()
        drop_database(os.environ["DATABASE_URL"])
    print(f"last order committed -> turn stored, real worker and broker, {TURNS} turns:")
    print(f"  median {statistics.median(latencies) * 1000:.0f} ms")
    print(f"  max    {max(latencies) * 1000:.0f} ms")
    print(f"  min    {min(latencies) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
