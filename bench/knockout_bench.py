"""Knockouts (knockout seasons) through the real worker: drawing one, the time from round
one's start to the champion, and the bracket page's server time and SQL queries.

    make bench   (or: python -m campaign.devstack exec -- .venv/bin/python bench/knockout_bench.py)

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
For knockouts of 8 and 64 GladiatorQuest gladiators (64: six rounds, 63 bouts) it prints the
draw's time (the season, its byes and round one's bouts scheduled), the time until the worker
has fought the final (every bout fought at once; each next round called as soon as the one
before is decided: the bench plays beat's round clock, which in production comes every 15
seconds), and the median server time and query count of the knockout's page at its old
address (a player's view, 20 requests). Figures only: nothing here asserts on time.
"""

from __future__ import annotations

import statistics
import time

from harness import celery_worker, django_on_scratch_database

SIZES = (8, 64)
KINDS = ["barbarian", "dwarf", "elf", "wizard"]
PAGE_REQUESTS = 20
PER_PLAYER = 40  # under the gladiators-a-day limit of one player
# Static files from the sources: no collectstatic manifest in a scratch checkout.
STATIC_FROM_SOURCES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


def main() -> None:
    with django_on_scratch_database():
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext, override_settings
        from django.urls import reverse
        from django.utils import timezone

        from arena.models import Season
        from arena.seasons.services import seasons_sweep
        from arena.tournaments.services import tournament_create
        from campaign.services import campaign_create, campaign_join
        from characters.services import gladiator_create

        users = get_user_model().objects
        gm = users.create_user("bench-gm")
        players = [users.create_user(f"bench-player-{n}") for n in range(2)]
        campaign = campaign_create(by=gm, name="Bench Cup", ruleset="gladiatorquest")
        for player in players:
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        override_settings(STORAGES=STATIC_FROM_SOURCES).enable()
        client = Client(HTTP_HOST="localhost")  # an allowed host, as a browser on the machine
        client.force_login(players[0])
        with celery_worker():
            for size in SIZES:
                fighters = [
                    gladiator_create(
                        campaign=campaign,
                        by=players[n // PER_PLAYER],
                        name=f"K{size}-{n}",
                        kind=KINDS[n % len(KINDS)],
                    )
                    for n in range(size)
                ]
                began = time.perf_counter()
                tournament = tournament_create(
                    campaign=campaign, by=gm, gladiators=fighters, starts_at=timezone.now()
                )
                drawn = time.perf_counter() - began
                deadline = time.monotonic() + 300
                while True:
                    seasons_sweep()  # beat's round clock
                    tournament.refresh_from_db()
                    if tournament.status == Season.Status.FINISHED:
                        break
                    if time.monotonic() > deadline:
                        raise SystemExit(f"the knockout of {size} had no champion in 300 s")
                    time.sleep(0.05)
                crowned = time.perf_counter() - began
                url = reverse("tournament", args=[campaign.slug, tournament.pk])
                times = []
                for _ in range(PAGE_REQUESTS):
                    with CaptureQueriesContext(connection) as queries:
                        start = time.perf_counter()
                        assert client.get(url).status_code == 200
                        times.append(time.perf_counter() - start)
                bouts = tournament.fixtures.filter(bout__isnull=False).count()
                print(f"knockout of {size} ({bouts} bouts):")
                print(f"  draw and round one scheduled  {drawn * 1000:.0f} ms")
                print(f"  start to champion (worker)    {crowned:.1f} s")
                print(
                    f"  bracket page                  median {statistics.median(times) * 1000:.0f}"
                    f" ms, {len(queries)} queries"
                )


if __name__ == "__main__":
    main()
