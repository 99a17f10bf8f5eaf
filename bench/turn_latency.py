"""Time from the last order's commit to the resolved turn being stored, through the real
broker and worker (a Gladiator Arena play-by-web bout).

    python -m campaign.devstack exec -- .venv/bin/python bench/turn_latency.py   (or make bench)

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
Prints the median and max over 200 turns, and the first 20 turns beside the last 20: a turn
resolves from the state stored after the one before, so its cost does not grow with the bout's
length. Target: median under 1 second.
"""

from __future__ import annotations

import time

from harness import celery_worker, django_on_scratch_database, giants_duel, report

TURNS = 200
EDGE = 20  # turns compared at the start and the end


def main() -> None:
    with django_on_scratch_database():
        from django.contrib.auth import get_user_model

        from arena.models import Bout
        from arena.play.services import order_submit

        gm, a, b = (get_user_model().objects.create_user(f"bench-{n}") for n in range(3))
        bout, entrants = giants_duel(gm, (a, b))
        latencies = []
        with celery_worker():
            for turn in range(1, TURNS + 1):
                order_submit(entrant=entrants[0], by=a, order={})
                order_submit(entrant=entrants[1], by=b, order={})  # the last order commits here
                committed = time.perf_counter()
                deadline = committed + 30
                while Bout.objects.filter(pk=bout.pk, turn=turn).exists():
                    if time.perf_counter() > deadline:
                        raise SystemExit(f"turn {turn} was not resolved within 30 s")
                    time.sleep(0.002)
                latencies.append(time.perf_counter() - committed)
    report("last order committed -> turn stored, real worker and broker", latencies)
    report(f"  turns 1-{EDGE}", latencies[:EDGE])
    report(f"  turns {TURNS - EDGE + 1}-{TURNS}", latencies[-EDGE:])


if __name__ == "__main__":
    main()
