"""Server time and SQL query count of the busiest pages on a campaign with a long history.

    python -m campaign.devstack exec -- .venv/bin/python bench/pages_bench.py [--keep] [--reuse]

Builds, in a scratch database (<name>_bench) on the server DATABASE_URL points at, a campaign of
1,000 gladiators in 10 stables and 20,000 resolved bouts with their entrants, ledger lines and
stored engine logs (rows written with bulk_create; the logs are real outputs of
arena.engine.play, renamed per bout; cached gold, experience and record agree with the rows).
Then, logged in as a player with django.test.Client, requests each page N times and prints the
median and p95 server time and the number of SQL queries. Target: median under 100 ms.
Figures only: nothing here asserts on time. The scratch database is dropped afterwards
(--keep leaves it, --reuse measures an existing one again without rebuilding).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

from harness import drop_database, scratch_database

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 10
GLADIATORS = 1000
BOUTS = 20_000
REQUESTS = 30
BATCH = 500
VETERAN_EVERY = 40  # the veteran fights in one bout out of this many (500 bouts)
KILL_RATE = 0.015  # most bouts end in a mercy appeal; a few in a death
FOUR_WAY_RATE = 0.1
PLACEHOLDERS = ("Zqxa", "Zqxb", "Zqxc", "Zqxd")
NAMES = [
    "Flamma", "Carpophorus", "Verus", "Hermes", "Attilius", "Triumphus", "Celadus", "Amazonia",
    "Tigris", "Hilarus", "Columbus", "Pugnax", "Syrus", "Ursius", "Spiculus", "Priscus",
    "Tetraites", "Crixus", "Oenomaus", "Varro",
]  # fmt: skip
KINDS = ["barbarian", "dwarf", "elf", "wizard", "orc", "goblin", "fimir", "chaos_warrior"]
SHOP = ["helmet", "shield", "healing_potion", "chain_mail", "bracers", "longsword"]


@contextlib.contextmanager
def dated_rows():
    """Let bulk_create keep the created_at we give (history happened on its day)."""
    from arena.models import Bout
    from characters.models import Gladiator, Holding, LedgerLine

    fields = [
        Bout._meta.get_field("created_at"),
        Gladiator._meta.get_field("created_at"),
        Holding._meta.get_field("acquired_at"),
        LedgerLine._meta.get_field("created_at"),
    ]
    for field in fields:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now_add = True


def engine_templates() -> list[tuple[str, str]]:
    """Real engine outputs under placeholder names: (engine input JSON, log JSON) pairs."""
    from arena.engine import play

    wanted = {(2, "mercy"): 8, (2, "killed"): 4, (4, "mercy"): 3, (4, "killed"): 2}
    found: list[tuple[str, str]] = []
    for seed in range(2000):
        if not any(wanted.values()):
            break
        size = 2 if seed % 3 else 4
        gladiators = [
            {
                "name": PLACEHOLDERS[n],
                "type": ("barbarian", "dwarf", "elf", "wizard")[n],
                "team": None,
                "equipment": [("broadsword", "shortsword", "shortsword", "dagger")[n]],
                "tactics": {"appeal": "always"},
            }
            for n in range(size)
        ]
        engine_input = {"ruleset": "gladiatorquest", "options": {}, "seed": seed}
        engine_input["gladiators"] = gladiators
        output = play(engine_input)
        result = output["result"]
        fates = {row["fate"] for row in result["standings"]}
        if not result.get("finished") or not result.get("winner"):
            continue
        key = (size, "killed" if "killed" in fates else "mercy")
        if wanted.get(key, 0) > 0:
            wanted[key] -= 1
            found.append((json.dumps(engine_input), json.dumps(output)))
    return found


class Ledger:
    """Ledger lines with running balances, as ledger_post writes them."""

    def __init__(self) -> None:
        self.lines: list = []

    def post(self, g, currency: str, amount: int, cause: str, when, **extra) -> None:
        from characters.models import LedgerLine

        balance = getattr(g, currency) + amount
        assert balance >= 0
        setattr(g, currency, balance)
        self.lines.append(
            LedgerLine(
                gladiator=g,
                currency=currency,
                amount=amount,
                balance=balance,
                cause=cause,
                created_at=when,
                **extra,
            )
        )


def build() -> dict:
    """The campaign, its stables and its history. Returns what the measurements need."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from arena.engine.rulesets.gladiatorquest.campaign import GOLD_PER_DEFEATED
    from arena.models import Bout, BoutEntrant
    from campaign.services import campaign_create, campaign_join
    from characters.catalogue import armoury, equipment_problems, gladiator_type
    from characters.models import Gladiator, Holding, LedgerLine

    started = time.monotonic()
    rng = random.Random(2026)
    User = get_user_model()
    gm = User.objects.create_user("bench-gm")
    players = [User.objects.create_user(f"player{n}") for n in range(PLAYERS)]
    campaign = campaign_create(by=gm, name="Bench Games", ruleset="gladiatorquest")
    for p in players:
        campaign_join(campaign=campaign, user=p, code=campaign.invite_code)
    templates = engine_templates()
    by_size = {
        n: [t for t in templates if len(json.loads(t[0])["gladiators"]) == n] for n in (2, 4)
    }
    killing = {t for t in templates if '"fate": "killed"' in t[1]}
    items = armoury("gladiatorquest")
    start = timezone.now() - timedelta(days=400)
    with dated_rows():
        gladiators = Gladiator.objects.bulk_create(
            Gladiator(
                campaign=campaign,
                owner=players[n % PLAYERS],
                name=f"{NAMES[n % len(NAMES)]} {n // len(NAMES) + 1}",
                kind=KINDS[n % len(KINDS)],
                tactics={"appeal": "always"} if n % 2 else {},
                created_at=start,
            )
            for n in range(GLADIATORS)
        )
        equipment = {
            g.pk: list(gladiator_type("gladiatorquest", g.kind).starting_kit) for g in gladiators
        }
        Holding.objects.bulk_create(
            Holding(gladiator=g, item=slug, equipped=True, acquired_at=start)
            for g in gladiators
            for slug in equipment[g.pk]
        )
        veteran = gladiators[0]
        alive = list(gladiators)
        died_in: dict[int, Bout] = {}
        bouts_done = 0
        step = timedelta(days=400) / BOUTS
        while bouts_done < BOUTS:
            ledger = Ledger()
            holdings: list = []
            batch: list[tuple[Bout, list[Gladiator], dict]] = []
            for n in range(bouts_done, min(BOUTS, bouts_done + BATCH)):
                when = start + step * n
                size = 4 if rng.random() < FOUR_WAY_RATE else 2
                pool = by_size[size]
                deadly = rng.random() < KILL_RATE
                pool = [t for t in pool if (t in killing) == deadly] or pool
                input_json, log_json = rng.choice(pool)
                names = [row["name"] for row in json.loads(log_json)["result"]["standings"]]
                others = [g for g in alive if g is not veteran]
                fighters = rng.sample(others, size)
                if n % VETERAN_EVERY == 0:
                    fighters[0] = veteran  # placed first: the winner's slot
                cast = dict(zip(names, fighters, strict=True))  # placeholder -> gladiator
                for placeholder, g in cast.items():
                    input_json = input_json.replace(placeholder, g.name)
                    log_json = log_json.replace(placeholder, g.name)
                engine_input, output = json.loads(input_json), json.loads(log_json)
                for entry in engine_input["gladiators"]:
                    g = next(g for g in fighters if g.name == entry["name"])
                    entry["type"], entry["equipment"] = g.kind, equipment[g.pk]
                title = " vs ".join(g.name for g in sorted(fighters, key=lambda g: g.pk))
                result = output["result"]
                bout = Bout(
                    campaign=campaign,
                    title=title,
                    ruleset="gladiatorquest",
                    ruleset_version=str(output.get("version", "")),
                    seed=rng.getrandbits(48),
                    scheduled_at=when,
                    status=Bout.Status.RESOLVED,
                    enqueued_at=when - timedelta(minutes=30),
                    resolved_at=when + timedelta(seconds=1),
                    engine_input=engine_input,
                    log=output,
                    winner=str(result.get("winner") or ""),
                    created_by=gm,
                    created_at=when - timedelta(days=1),
                )
                batch.append((bout, fighters, result))
                for row in result["standings"]:  # the dead fight no more, even in this batch
                    if row["fate"] == "killed":
                        alive.remove(next(g for g in fighters if g.name == row["name"]))
            Bout.objects.bulk_create([b for b, _, _ in batch], batch_size=100)
            entrants = []
            for bout, fighters, result in batch:
                when = bout.scheduled_at + timedelta(seconds=1)
                by_name = {g.name: g for g in fighters}
                standings = result["standings"]
                losers = [r for r in standings if r["fate"] in {"killed", "mercy"}]
                winners = [r for r in standings if r["place"] == 1 and r["fate"] == "survived"]
                share = math.ceil(len(losers) * GOLD_PER_DEFEATED / len(winners)) if winners else 0
                for row in sorted(standings, key=lambda r: r["name"]):
                    g = by_name[row["name"]]
                    entrants.append(
                        BoutEntrant(
                            bout=bout,
                            gladiator=g,
                            place=row["place"],
                            fate=row["fate"],
                            defeated=len(row["defeated"]),
                        )
                    )
                    won = row in winners
                    note = f"{len(losers)} defeated in {bout.title}"
                    if won and share:
                        ledger.post(g, "gold", share, "bout", when, bout=bout, note=note)
                    if won and losers:
                        ledger.post(g, "xp", len(losers), "bout", when, bout=bout, note=note)
                    g.bouts_fought += 1
                    g.wins += int(won)
                    g.defeats += int(row in losers)
                    g.opponents_defeated += len(row["defeated"])
                    g.mercy_granted += int(row["fate"] == "mercy")
                    if row["fate"] == "killed":
                        g.status = Gladiator.Status.DEAD
                        g.killed_by = row.get("killed_by") or ""
                        g.ended_at = when
                        died_in[g.pk] = bout
                        continue
                    # Between fights the owner levels up and shops, as players do.
                    later = when + timedelta(hours=2)
                    if g.xp >= 2 * g.level and rng.random() < 0.6:
                        stat = ("attack", "body", "defend")[g.level % 3]
                        ledger.post(
                            g, "xp", -2 * g.level, "level_up", later,
                            note=f"level {g.level + 1}: +1 {stat}", actor=g.owner,
                        )  # fmt: skip
                        g.level += 1
                        bonuses = g.build.setdefault("bonuses", {})
                        bonuses[stat] = bonuses.get(stat, 0) + 1
                    wish = rng.choice(SHOP)
                    price = items[wish]["price"]
                    usable = not equipment_problems(g, [wish])
                    if usable and g.gold >= price and rng.random() < 0.3:
                        ledger.post(
                            g, "gold", -price, "purchase", later,
                            item=wish, note=f"bought {items[wish]['name']}", actor=g.owner,
                        )  # fmt: skip
                        holdings.append(
                            Holding(gladiator=g, item=wish, price_paid=price, acquired_at=later)
                        )
            BoutEntrant.objects.bulk_create(entrants, batch_size=2000)
            LedgerLine.objects.bulk_create(ledger.lines, batch_size=2000)
            Holding.objects.bulk_create(holdings, batch_size=2000)
            bouts_done += len(batch)
            print(f"  {bouts_done} bouts ({time.monotonic() - started:.0f} s)", flush=True)
        for g in gladiators:
            if g.pk in died_in:
                g.died_in = died_in[g.pk]
        Gladiator.objects.bulk_update(
            gladiators,
            ["gold", "xp", "level", "build", "status",
             "bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted",
             "died_in", "killed_by", "ended_at"],
            batch_size=500,
        )  # fmt: skip
    build_inbox(campaign)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(f"built in {time.monotonic() - started:.0f} s", flush=True)
    return {"slug": campaign.slug}


def build_inbox(campaign) -> None:
    """A season of notifications: every bout fought is an event in the inbox of each player
    whose gladiator fought in it; two in three have been read."""
    from django.utils import timezone

    from arena.models import BoutEntrant
    from campaign.notifications.models import Event, Notification

    owners: dict[int, set[int]] = {}
    rows = BoutEntrant.objects.filter(bout__campaign=campaign).values_list(
        "bout_id", "gladiator__owner_id"
    )
    for bout_id, owner_id in rows.iterator(chunk_size=5000):
        owners.setdefault(bout_id, set()).add(owner_id)
    events = Event.objects.bulk_create(
        (
            Event(
                campaign=campaign,
                kind=Event.Kind.BOUT_FOUGHT,
                key=f"bout_fought:{bout_id}",
                text=f"Bout {bout_id} was fought",
                link=f"/c/{campaign.slug}/bouts/{bout_id}/",
                data={"bout": bout_id},
            )
            for bout_id in sorted(owners)
        ),
        batch_size=2000,
    )
    read = timezone.now()
    Notification.objects.bulk_create(
        (
            Notification(event=event, user_id=user_id, read_at=read if event.pk % 3 else None)
            for event in events
            for user_id in sorted(owners[event.data["bout"]])
        ),
        batch_size=5000,
    )
    Event.objects.update(fanned_out_at=read)


def check_consistency() -> None:
    """The cached gold and experience of every gladiator are its ledger's sums."""
    from django.db.models import F, Q, Sum

    from characters.models import Gladiator

    wrong = (
        Gladiator.objects.annotate(
            g=Sum("ledger__amount", filter=Q(ledger__currency="gold"), default=0),
            x=Sum("ledger__amount", filter=Q(ledger__currency="xp"), default=0),
        )
        .exclude(g=F("gold"), x=F("xp"))
        .count()
    )
    print(f"gladiators whose cached gold/xp differ from their ledger: {wrong}")


def measure(slug: str) -> None:
    from django.db import connection
    from django.db.models import Count
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from arena.models import Bout
    from characters.models import Gladiator

    veteran = (
        Gladiator.objects.filter(campaign__slug=slug)
        .annotate(lines=Count("ledger"))
        .order_by("-bouts_fought")
        .first()
    )
    bouts = Bout.objects.filter(campaign__slug=slug)
    bout = bouts.order_by("pk")[bouts.count() // 2]
    client = Client()
    client.force_login(veteran.owner)
    base = f"/c/{slug}"
    pages = [
        ("dashboard", "/"),
        ("campaign page", f"{base}/"),
        ("standings", f"{base}/standings/"),
        ("standings by player, last page", f"{base}/standings/?sort=player&page=last"),
        ("standings by gold", f"{base}/standings/?sort=gold"),
        ("stable", f"{base}/stable/"),
        (f"veteran's sheet ({veteran.bouts_fought} bouts, {veteran.lines} lines)",
         f"{base}/g/{veteran.pk}/"),
        ("fight history, page 1", f"{base}/bouts/"),
        ("fight history, page 600", f"{base}/bouts/?page=600"),
        ("fight history, veteran only", f"{base}/bouts/?gladiator={veteran.pk}"),
        (f"bout page ({len(bout.log['turns'])} turns)", f"{base}/bouts/{bout.pk}/"),
        ("graveyard", f"{base}/graveyard/"),
        ("graveyard, last page", f"{base}/graveyard/?page=last"),
        (f"inbox ({veteran.owner.notifications.count()} notifications)", "/inbox/"),
        ("inbox, page 40", "/inbox/?page=40"),
    ]  # fmt: skip
    print(f"\n{REQUESTS} requests per page, logged in as {veteran.owner.username}:")
    print(f"  {'page':<44} {'median':>8} {'p95':>8} {'queries':>8} {'KiB':>6}")
    for label, url in pages:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        count = len(queries)  # now: the next request empties the connection's query log
        client.get(url)  # warm
        times = []
        for _ in range(REQUESTS):
            t = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        median = statistics.median(times)
        flag = "" if median < 100 else "  (over 100 ms)"
        print(
            f"  {label:<44} {median:7.1f}ms {p95:7.1f}ms {count:8d} "
            f"{len(response.content) / 1024:6.0f}{flag}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", action="store_true", help="leave the scratch database")
    parser.add_argument("--reuse", action="store_true", help="measure an existing one again")
    args = parser.parse_args()
    url, built = scratch_database(fresh=not args.reuse)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    from campaign.models import Campaign

    setup_test_environment()  # the test client's host, and no outgoing mail
    # Serve static files from the sources: no collectstatic manifest in a scratch checkout.
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    try:
        with override_settings(STORAGES=storages):
            if built and Campaign.objects.filter(name="Bench Games").exists():
                campaign = Campaign.objects.get(name="Bench Games")
                if not campaign.events.exists():  # kept by an older version of this bench
                    build_inbox(campaign)
                slug = campaign.slug
            else:
                call_command("migrate", verbosity=0)
                print(f"building {GLADIATORS} gladiators and {BOUTS} bouts...", flush=True)
                slug = build()["slug"]
                check_consistency()
            measure(slug)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(url)


if __name__ == "__main__":
    main()
