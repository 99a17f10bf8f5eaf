"""Many play-by-web bouts at once, through the real HTTP API: gunicorn as `make run` starts it,
the real Celery worker and broker, PostgreSQL.

    make bench   (or: python -m campaign.devstack exec -- .venv/bin/python bench/load_bench.py
                  [--bouts 20] [--turns 15] [--clients 24] [--paced 80] [--timeout 120])

BOUTS Gladiator Arena bouts of one campaign, four gladiators each, owned by 16 players. CLIENTS
threads send every order as `PUT .../orders/<entrant>/` (token auth, keep-alive connections);
a bout's orders for the next turn go out as soon as the bout's previous turn is stored. Each
gladiator steps to a neighbouring square and back, so an order used as sent is told apart from
a missing one (the gladiator's tactics).

Two runs, each on fresh bouts: "flat out" (every client sends its next order as soon as it has
an answer: the most orders/s the stack gives; a PUT then waits behind the other clients' orders,
so its time is about clients / throughput) and "paced" (the clients together send at most
--paced orders/s: how long a PUT takes at that load). Each prints orders/s, PUT p50/p95/max,
last order -> turn stored, connection errors and 5xx, the CPU each process used per order, and
checks that every turn was resolved exactly once with the orders sent.
Targets on 2 cores: >= 120 orders/s, PUT p95 < 300 ms at 80 orders/s, no connection error, no
5xx. A scratch database (<name>_bench), loopback addresses only; each run gives up after
--timeout seconds.

With --against [COMMIT] (default 639518f, where the narrow row locks landed: 133 orders/s flat
out on the machine where issue 30 set the targets) it runs that commit's own load bench and
this checkout's, flat out, in turn, --rounds times (best of each), then restates the targets at
this machine's speed (record 0124's way): flat out at least 120 x (that commit's figure here /
133), and a paced run of this checkout at 80 x the same, its PUT p95 under 300 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import psycopg
from harness import celery_worker, django_on_scratch_database, web_server
from worktree import ROOT, checkout_of

PLAYERS = 16
# (home, step) per gladiator: the four corners of a 26x26 board, far from any fight.
SQUARES = (("A1", "B1"), ("Z1", "Y1"), ("A26", "B26"), ("Z26", "Y26"))
IDLE_RECONNECT = 1.0  # seconds; gunicorn closes a keep-alive connection idle for 2 s


@dataclass(frozen=True)
class Entrant:
    pk: int
    name: str
    token: str
    home: str
    step: str

    def order(self, turn: int) -> dict[str, str]:
        return {"move": self.step if turn % 2 else self.home}


@dataclass
class BoutPlan:
    pk: int
    path: str  # /api/campaigns/<slug>/bouts/<pk>/orders/
    entrants: list[Entrant]


@dataclass
class Figures:
    put_seconds: list[float] = field(default_factory=list)
    stored_seconds: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    connection_errors: Counter = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)  # 4xx bodies: the bench is wrong
    orders: int = 0


class Load:
    """The clients, and a watcher that sees each bout's turn stored and releases its next."""

    def __init__(
        self, base: str, plans: list[BoutPlan], turns: int, clients: int, rate: float = 0
    ) -> None:
        self.host, self.port = urlsplit(base).hostname, urlsplit(base).port
        self.plans = {p.pk: p for p in plans}
        self.turns = turns
        self.clients = clients
        self.figures = Figures()
        self.jobs: queue.Queue[tuple[BoutPlan, Entrant, int]] = queue.Queue()
        self.lock = threading.Lock()
        self.missing: dict[int, int] = {}  # bout -> orders of its current turn not yet sent
        self.last_order: dict[int, float] = {}
        self.waiting: dict[int, int] = {}  # bout -> turn whose resolution we wait for
        self.finished = 0
        self.stop = threading.Event()
        self.random = random.Random(1)
        self.interval = 1 / rate if rate else 0.0  # seconds between two sends, all clients
        self.next_send = 0.0

    def release(self, plan: BoutPlan, turn: int) -> None:
        entrants = list(plan.entrants)
        self.random.shuffle(entrants)  # the last order comes from anyone
        with self.lock:
            self.missing[plan.pk] = len(entrants)
        for entrant in entrants:
            self.jobs.put((plan, entrant, turn))

    def client(self) -> None:
        conn: http.client.HTTPConnection | None = None
        used = 0.0
        while not self.stop.is_set():
            try:
                plan, entrant, turn = self.jobs.get(timeout=0.05)
            except queue.Empty:
                continue
            if self.interval:
                with self.lock:
                    at = max(self.next_send, time.perf_counter())
                    self.next_send = at + self.interval
                time.sleep(max(0.0, at - time.perf_counter()))
            body = json.dumps({"order": entrant.order(turn), "turn": turn}).encode()
            headers = {
                "Authorization": f"Token {entrant.token}",
                "Content-Type": "application/json",
            }
            for _attempt in range(5):
                if conn is None or time.monotonic() - used > IDLE_RECONNECT:
                    if conn is not None:
                        conn.close()
                    conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                started = time.perf_counter()
                try:
                    conn.request("PUT", f"{plan.path}{entrant.pk}/", body, headers)
                    response = conn.getresponse()
                    text = response.read()
                except (OSError, http.client.HTTPException) as error:
                    with self.lock:
                        self.figures.connection_errors[type(error).__name__] += 1
                    conn.close()
                    conn = None
                    continue  # a PUT is idempotent: send it again
                done = time.perf_counter()
                used = time.monotonic()
                with self.lock:
                    self.figures.put_seconds.append(done - started)
                    self.figures.statuses[response.status] += 1
                if response.status >= 500:
                    continue
                if response.status != 200:
                    with self.lock:
                        self.figures.refused.append(f"{response.status} {text[:200]!r}")
                    self.stop.set()
                    return
                self.sent(plan, turn, done)
                break
            else:
                with self.lock:
                    self.figures.refused.append(
                        f"bout {plan.pk} turn {turn}: gave up after 5 tries"
                    )
                self.stop.set()
        if conn is not None:
            conn.close()

    def sent(self, plan: BoutPlan, turn: int, at: float) -> None:
        with self.lock:
            self.figures.orders += 1
            self.missing[plan.pk] -= 1
            if self.missing[plan.pk] == 0:
                self.last_order[plan.pk] = at
                self.waiting[plan.pk] = turn

    def watch(self, database_url: str, table: str) -> None:
        with psycopg.connect(database_url, autocommit=True) as db:
            while not self.stop.is_set():
                with self.lock:
                    waiting = dict(self.waiting)
                if waiting:
                    rows = db.execute(
                        f"SELECT id, turn FROM {table} WHERE id = ANY(%s)", [list(waiting)]
                    ).fetchall()
                    now = time.perf_counter()
                    for pk, turn in rows:
                        if turn <= waiting[pk]:
                            continue
                        with self.lock:
                            del self.waiting[pk]
                            self.figures.stored_seconds.append(now - self.last_order[pk])
                        if waiting[pk] < self.turns:
                            self.release(self.plans[pk], waiting[pk] + 1)
                        else:
                            with self.lock:
                                self.finished += 1
                                if self.finished == len(self.plans):
                                    self.stop.set()
                time.sleep(0.005)

    def warm_up(self) -> None:
        """Every gunicorn thread imports and connects before the clock starts: each client
        checks (without storing) a few draft orders."""

        def check_draft(entrant: Entrant, path: str) -> None:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            body = json.dumps({"order": entrant.order(1)}).encode()
            headers = {
                "Authorization": f"Token {entrant.token}",
                "Content-Type": "application/json",
            }
            for _ in range(5):
                conn.request("POST", f"{path}{entrant.pk}/check/", body, headers)
                conn.getresponse().read()
            conn.close()

        pairs = [(e, p.path) for p in self.plans.values() for e in p.entrants] * 2
        pairs = pairs[: max(self.clients, 32)]  # enough to reach every gunicorn thread
        threads = [threading.Thread(target=check_draft, args=pair) for pair in pairs]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)

    def run(self, database_url: str, table: str, timeout: float) -> float:
        threads = [threading.Thread(target=self.client) for _ in range(self.clients)]
        threads.append(threading.Thread(target=self.watch, args=(database_url, table)))
        started = time.perf_counter()
        for plan in self.plans.values():
            self.release(plan, 1)
        for t in threads:
            t.start()
        self.stop.wait(timeout=timeout)
        elapsed = time.perf_counter() - started
        self.stop.set()
        for t in threads:
            t.join(timeout=70)
        return elapsed


def cpu_seconds(root: psutil.Process, *, tree: bool = True) -> float:
    """CPU time of a process and (`tree`) its descendants, those already reaped included."""
    if not tree:
        t = root.cpu_times()
        return t.user + t.system
    total = 0.0
    for process in [root, *root.children(recursive=True)]:
        try:
            t = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]


@dataclass
class Players:
    slug: str
    gm: object
    users: list
    tokens: dict[int, str]


def campaign_setup() -> Players:
    """The campaign, its players and their API tokens, through the services (not measured)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from campaign.services import campaign_create, campaign_join

    users = get_user_model().objects
    gm = users.create_user("bench-gm")
    campaign = campaign_create(by=gm, name="Many bouts", ruleset="gladiator-arena")
    players = [users.create_user(f"bench-player-{n}") for n in range(PLAYERS)]
    tokens = {}
    for player in players:
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        tokens[player.pk] = Token.objects.create(user=player).key
    return Players(campaign.slug, gm, players, tokens)


def bouts_setup(players: Players, bouts: int, run: int) -> list[BoutPlan]:
    """`bouts` running bouts, each with four new gladiators (not measured)."""
    from arena.play.services import bout_enter, bout_open, bout_start
    from campaign.models import Campaign
    from characters.services import gladiator_create

    campaign = Campaign.objects.get(slug=players.slug)
    plans = []
    for b in range(bouts):
        bout = bout_open(
            campaign=campaign,
            by=players.gm,
            title=f"Run {run} bout {b}",
            options={"board": [26, 26], "time_limit": False},
            deadline_hours=None,
        )
        entrants = []
        for k, (home, step) in enumerate(SQUARES):
            player = players.users[(len(SQUARES) * b + k) % PLAYERS]  # four players per bout
            gladiator = gladiator_create(
                campaign=campaign, by=player, name=f"R{run}B{b}-{k}", kind="human"
            )
            entrant = bout_enter(bout=bout, gladiator=gladiator, by=player, square=home)
            token = players.tokens[player.pk]
            entrants.append(Entrant(entrant.pk, gladiator.name, token, home, step))
        bout_start(bout=bout, by=players.gm)
        path = f"/api/campaigns/{players.slug}/bouts/{bout.pk}/orders/"
        plans.append(BoutPlan(bout.pk, path, entrants))
    return plans


def check(plans: list[BoutPlan], turns: int) -> list[str]:
    """Every turn resolved exactly once, with every order as it was sent."""
    from arena.models import Bout, TurnOrder

    problems = []
    for plan in plans:
        bout = Bout.objects.get(pk=plan.pk)
        played = bout.engine_input.get("turns", [])
        if bout.turn != turns + 1 or len(played) != turns:
            problems.append(f"bout {plan.pk}: at turn {bout.turn} with {len(played)} resolved")
        for n, used in enumerate(played, start=1):
            for entrant in plan.entrants:
                if used.get(entrant.name) != entrant.order(n):
                    problems.append(
                        f"bout {plan.pk} turn {n}: {entrant.name} fought with "
                        f"{used.get(entrant.name)}, sent {entrant.order(n)}"
                    )
    stored = TurnOrder.objects.filter(bout__in=[p.pk for p in plans]).count()
    expected = len(plans) * len(SQUARES) * turns
    if stored != expected:
        problems.append(f"{stored} orders stored, {expected} sent")
    return problems


def measure(
    load: Load, roots: dict[str, psutil.Process], database_url: str, timeout: float
) -> dict[str, float | dict[str, float]]:
    """Run the load once: its wall time, the CPU each process used meanwhile (the client's own
    threads only: the web server and worker are its children), and the machine's busy time."""
    from arena.models import Bout

    load.warm_up()
    tree = {name: name != "client" for name in roots}
    before = {name: cpu_seconds(p, tree=tree[name]) for name, p in roots.items()}
    machine_before = psutil.cpu_times()
    elapsed = load.run(database_url, Bout._meta.db_table, timeout)
    used = {name: cpu_seconds(p, tree=tree[name]) - before[name] for name, p in roots.items()}
    machine = psutil.cpu_times()
    idle = machine.idle - machine_before.idle + machine.iowait - machine_before.iowait
    return {"elapsed": elapsed, "used": used, "busy": sum(machine) - sum(machine_before) - idle}


def print_run(title: str, load: Load, measured: dict, problems: list[str]) -> None:
    f, elapsed, used = load.figures, measured["elapsed"], measured["used"]
    cores = len(os.sched_getaffinity(0))
    print(f"{title}:")
    print(f"  orders/s        {f.orders / elapsed:.1f}  ({f.orders} orders in {elapsed:.1f} s)")
    if f.put_seconds:
        ms = [s * 1000 for s in f.put_seconds]
        print(
            f"  PUT             p50 {statistics.median(ms):.0f} ms, "
            f"p95 {percentile(ms, 95):.0f} ms, max {max(ms):.0f} ms"
        )
    if len(f.stored_seconds) > 1:
        ms = [s * 1000 for s in f.stored_seconds]
        print(
            f"  last order -> turn stored  p50 {statistics.median(ms):.0f} ms, "
            f"p95 {percentile(ms, 95):.0f} ms ({len(ms)} turns)"
        )
    errors = sum(f.connection_errors.values())
    server_errors = sum(n for status, n in f.statuses.items() if status >= 500)
    print(f"  connection errors {errors} {dict(f.connection_errors) or ''}".rstrip())
    print(f"  5xx responses     {server_errors}")
    others = measured["busy"] - sum(used.values())
    print(
        "  CPU, share of one core: "
        + ", ".join(f"{name} {seconds / elapsed:.0%}" for name, seconds in used.items())
        + f"; the whole machine {measured['busy'] / elapsed:.0%} of {cores * 100}%"
        f" (other processes {others / elapsed:.0%})"
    )
    per_order = {name: seconds / max(f.orders, 1) * 1000 for name, seconds in used.items()}
    total = sum(per_order.values())
    print(
        "  CPU per order: "
        + ", ".join(f"{name} {ms:.1f} ms" for name, ms in per_order.items())
        + f"; {total:.1f} ms in all: {cores} cores to ourselves would take at most"
        f" {cores * 1000 / total:.0f} orders/s"
    )
    problems = problems + [f"refused: {line}" for line in f.refused[:5]]
    if problems:
        print(f"  CHECK FAILED ({len(problems)} problems):")
        for line in problems[:20]:
            print(f"    {line}")
    else:
        print(
            f"  check: {len(load.plans) * load.turns} turns each resolved exactly once, "
            f"all {f.orders} orders used as sent"
        )


# Issue 30's targets, and the commit that made 133 orders/s flat out where they were set.
FLAT_OUT_TARGET = 120.0  # orders/s
PACED_TARGET = 80.0  # orders/s, at which
PUT_P95_TARGET = 300.0  # ms
TARGETS_COMMIT = "639518f"
TARGETS_MACHINE_RATE = 133.0


def python_for(checkout: Path) -> str:
    """A Python with `checkout`'s own pinned packages (its requirements.lock) in a virtualenv
    inside it: an older commit's code needs the packages of its day."""
    venv = checkout / ".venv"
    uv = [sys.executable, "-m", "uv"]
    subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(venv)], check=True)
    python = str(venv / "bin" / "python")
    lock = str(checkout / "requirements.lock")
    subprocess.run([*uv, "pip", "sync", "--quiet", "--python", python, lock], check=True)
    return python


def bench_of(checkout: Path, python: str, args: argparse.Namespace, paced: float) -> str:
    """What `checkout`'s own load bench prints, run by `python` in a fresh process with the
    checkout's code first on PYTHONPATH (the same database and broker as this process)."""
    command = [python, "bench/load_bench.py", "--bouts", str(args.bouts), "--turns",
               str(args.turns), "--clients", str(args.clients), "--paced", f"{paced:.1f}",
               "--timeout", str(args.timeout)]  # fmt: skip
    env = os.environ | {"PYTHONPATH": str(checkout)}
    done = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True)
    if "orders/s" not in done.stdout:
        raise SystemExit(f"the load bench of {checkout} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def figures_of(out: str, title: str) -> dict[str, float]:
    """The orders/s and PUT p95 of the run called `title` in a load bench's output."""
    run = out[out.index(title + ":") :]
    rate = re.search(r"orders/s\s+([\d.]+)", run)
    p95 = re.search(r"PUT\s+p50 \d+ ms, p95 (\d+) ms", run)
    cpu = re.search(r"CPU per order: (.*?);", run)
    assert rate is not None and p95 is not None and cpu is not None, run
    return {"rate": float(rate[1]), "p95": float(p95[1]), "cpu": cpu[1]}


def against(args: argparse.Namespace) -> int:
    """This checkout's orders/s flat out against `args.against`'s, each checkout's own
    bench in turn, then the targets restated at this machine's speed."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"flat out, {args.against}'s load bench and this checkout's in turn, best of "
          f"{args.rounds} (load average {load}):")  # fmt: skip
    best = {"then": 0.0, "now": 0.0}
    with checkout_of(args.against) as old:
        pythons = {old: python_for(old), ROOT: sys.executable}
        for _ in range(args.rounds):
            for which, checkout in (("then", old), ("now", ROOT)):
                run = figures_of(bench_of(checkout, pythons[checkout], args, 0), "flat out")
                best[which] = max(best[which], run["rate"])
                print(f"  {which:4s} {run['rate']:6.1f} orders/s, CPU per order: {run['cpu']}",
                      flush=True)  # fmt: skip
    speed = best["then"] / TARGETS_MACHINE_RATE
    flat_out, pace = FLAT_OUT_TARGET * speed, PACED_TARGET * speed
    paced = figures_of(bench_of(ROOT, sys.executable, args, pace), f"paced at {pace:.1f} orders/s")
    print(
        f"this machine: {args.against} makes {best['then']:.1f} orders/s flat out here, "
        f"{TARGETS_MACHINE_RATE:.0f} where the targets were set: {speed:.2f} of that speed. "
        "The targets at this speed:"
    )
    met_flat = best["now"] >= flat_out
    met_paced = paced["p95"] < PUT_P95_TARGET and paced["rate"] >= 0.95 * pace
    print(f"  flat out at least {FLAT_OUT_TARGET:.0f} x {speed:.2f} = {flat_out:.1f} orders/s: "
          f"now {best['now']:.1f}, {'met' if met_flat else 'NOT met'}")  # fmt: skip
    print(f"  PUT p95 under {PUT_P95_TARGET:.0f} ms at {PACED_TARGET:.0f} x {speed:.2f} = "
          f"{pace:.1f} orders/s: now p95 {paced['p95']:.0f} ms at {paced['rate']:.1f} orders/s, "
          f"{'met' if met_paced else 'NOT met'}")  # fmt: skip
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=20)
    parser.add_argument("--turns", type=int, default=15)
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--paced", type=float, default=80, help="orders/s; 0: no paced run")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per run")
    parser.add_argument(
        "--against",
        nargs="?",
        const=TARGETS_COMMIT,
        default=None,
        help=f"another commit's load bench in turn (default {TARGETS_COMMIT})",
    )
    parser.add_argument("--rounds", type=int, default=2, help="with --against: runs of each")
    args = parser.parse_args()
    if args.against:
        return against(args)
    runs = [("flat out", 0.0)]
    if args.paced:
        runs.append((f"paced at {args.paced:g} orders/s", args.paced))
    failed = False
    with django_on_scratch_database():
        from django.db import connections

        from campaign.devstack import web_size

        players = campaign_setup()
        database_url = os.environ["DATABASE_URL"]
        with psycopg.connect(database_url) as db:
            backend = db.execute("SELECT pg_backend_pid()").fetchone()[0]
            postgres = psutil.Process(backend).parent()
        workers, threads = web_size()
        print(
            f"{args.bouts} bouts x {len(SQUARES)} gladiators x {args.turns} turns per run, "
            f"{PLAYERS} players, {args.clients} client threads; gunicorn {workers} workers x "
            f"{threads} threads; {len(os.sched_getaffinity(0))} cores"
        )
        with celery_worker() as worker, web_server() as (base, web):
            roots = {
                "web": psutil.Process(web.pid),
                "worker": psutil.Process(worker.pid),
                "postgres": postgres,
                "client": psutil.Process(),
            }
            for run, (title, rate) in enumerate(runs):
                plans = bouts_setup(players, args.bouts, run)
                connections.close_all()
                load = Load(base, plans, args.turns, args.clients, rate)
                measured = measure(load, roots, database_url, args.timeout)
                problems = check(plans, args.turns)
                connections.close_all()
                print_run(title, load, measured, problems)
                failed |= bool(problems or load.figures.refused)
    return int(failed)


if __name__ == "__main__":
    raise SystemExit(main())
