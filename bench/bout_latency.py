"""Time from a bout's due time to its stored result, through the real broker and worker.

    make bench   (or: python -m campaign.devstack exec -- .venv/bin/python bench/bout_latency.py)

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
Prints the median and max over 20 bouts. Target: median under 1 second.
"""

from __future__ import annotations

import time
from datetime import timedelta

from harness import celery_worker, django_on_scratch_database, report

BOUTS = 20


def main() -> None:
    with django_on_scratch_database():
        from django.contrib.auth import get_user_model
        from django.utils import timezone

        from arena.bouts.services import bout_schedule
        from arena.models import Bout
        from campaign.services import campaign_create
        from characters.services import gladiator_create

        gm = get_user_model().objects.create_user("bench-gm")
        campaign = campaign_create(by=gm, name="Bench", ruleset="gladiatorquest")
        fighters = [
            gladiator_create(campaign=campaign, by=gm, name=f"G{n}", kind=kind)
            for n, kind in enumerate(["barbarian", "dwarf", "elf", "wizard"] * 10)
        ]
        with celery_worker():
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
    report("bout due -> result stored, real worker and broker", latencies)


if __name__ == "__main__":
    main()
