"""How quick the Gladiator Arena order page's previews are (issue 14): the threat overlay and
the "what if" turn, in the engine alone and as the server answers them.

    python -m campaign.devstack exec -- .venv/bin/python bench/order_preview_bench.py

1. Engine: 8 gladiators of random races and weapons on 8x8, in states reached by playing
   random bouts (bench/ga_bench.py's), each previewed for its first living gladiator through
   the web play's seam (`threats`, and `what_if` with that gladiator's default tactics as the
   draft: the other seven get theirs, the turn resolves, the rows and words are made).
2. Server: an 8-gladiator bout by web (each race with its starting sword) in a scratch
   database (<name>_bench, dropped after); django.test.Client as one player requests the
   order page (the board with the overlay) and the preview section (as htmx asks for it),
   N times each: median and p95 server time and SQL queries. Target: the preview answers
   in well under 100 ms.
Figures only: nothing here asserts on time.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ga_bench import prepare

from arena.engine.rulesets.gladiator_arena import default_order
from arena.engine.rulesets.gladiator_arena.orders import order_to_json
from arena.engine.rulesets.gladiator_arena.web import GladiatorArenaWeb

STATIC_FROM_SOURCES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATES = 2000
REQUESTS = 40
# The server's bout: every race twice-ish, each with its starting weapon (the engine part has
# every weapon: a halfling's double move and a catapult's splash are its slowest reach).
RACES = ["halfling", "elf", "giant", "dwarf", "human", "halfling", "giant", "human"]


def _micro(label: str, samples: list[float]) -> None:
    samples.sort()
    p95 = samples[int(len(samples) * 0.95)]
    print(
        f"  {label}: median {statistics.median(samples) * 1e6:.0f} us, "
        f"p95 {p95 * 1e6:.0f} us, max {samples[-1] * 1e6:.0f} us ({len(samples)} states)"
    )


def engine() -> None:
    web = GladiatorArenaWeb()
    states = [s for s, _ in prepare(STATES, seed=11) if not s.finished]
    threats, what_if = [], []
    for state in states:
        who = state.living[0].name
        draft = order_to_json(default_order(state, who))
        start = time.perf_counter()
        web.threats(state, who)
        middle = time.perf_counter()
        web.what_if(state, who, draft)
        threats.append(middle - start)
        what_if.append(time.perf_counter() - middle)
    alive = sum(len(s.living) for s in states) / len(states)
    full = [n for n, s in enumerate(states) if len(s.living) == 8]
    print(f"engine, 8 gladiators on 8x8 ({alive:.1f} alive on average):")
    _micro("threats (every opponent's reach)", threats)
    _micro("threats, all 8 alive", [threats[n] for n in full])
    _micro("what if (the others' default tactics + the turn + words)", what_if)
    _micro("what if, all 8 alive", [what_if[n] for n in full])


def server() -> None:
    from harness import django_on_scratch_database

    with django_on_scratch_database():
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.test.utils import (
            CaptureQueriesContext,
            override_settings,
            setup_test_environment,
        )
        from django.urls import reverse

        from arena.play.services import bout_enter, bout_open, bout_start
        from campaign.services import campaign_create, campaign_join
        from characters.services import gladiator_create

        users = get_user_model().objects
        gm = users.create_user("bench-gm")
        campaign = campaign_create(by=gm, name="Bench previews", ruleset="gladiator-arena")
        bout = bout_open(campaign=campaign, by=gm, title="Eight", deadline_hours=24)
        squares = random.Random(3).sample([f"{f}{r}" for f in "ABCDEFGH" for r in range(1, 9)], 8)
        entrants = []
        for n, (race, square) in enumerate(zip(RACES, squares, strict=True)):
            player = users.create_user(f"bench-{n}")
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
            gladiator = gladiator_create(campaign=campaign, by=player, name=f"G{n + 1}", kind=race)
            entrants.append((player, bout_enter(bout=bout, gladiator=gladiator, by=player,
                                                square=square)))  # fmt: skip
        bout_start(bout=bout, by=gm)
        setup_test_environment()  # the test client's host, and no outgoing mail
        # Static files from the sources: no collectstatic manifest in a scratch checkout.
        override_settings(STORAGES=STATIC_FROM_SOURCES).enable()
        player, entrant = entrants[0]
        client = Client()
        client.force_login(player)
        args = [campaign.slug, bout.pk, entrant.pk]
        pages = [
            ("order page (board with the threat overlay)", reverse("bout-orders", args=args), {}),
            ("preview section (htmx)", reverse("bout-order-preview", args=args),
             {"HTTP_HX_REQUEST": "true"}),
        ]  # fmt: skip
        print(f"server, one player of an 8-gladiator bout, {REQUESTS} requests each:")
        for label, url, headers in pages:
            client.get(url, **headers)  # warm up
            times = []
            for _ in range(REQUESTS):
                with CaptureQueriesContext(connection) as queries:
                    start = time.perf_counter()
                    response = client.get(url, **headers)
                    times.append(time.perf_counter() - start)
                assert response.status_code == 200, (url, response.status_code)
            times.sort()
            print(
                f"  {label}: median {statistics.median(times) * 1000:.1f} ms, "
                f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, {len(queries)} queries"
            )


if __name__ == "__main__":
    engine()
    server()
