"""Where an order's CPU goes, in one process: order PUTs through Django's WSGI handler (as
gunicorn calls it: every middleware, token auth, DRF, the connection's health check) and each
turn's resolve as the worker runs it (the task and every task it queues, in turn), counted in
SQL statements and CPU, this process's and its PostgreSQL backend's.

    python -m campaign.devstack exec -- .venv/bin/python bench/order_profile.py
        [--bouts 10] [--turns 6] [--profile put|resolve [--save FILE]] [--top 25] [--sql]

load_bench.py's campaign and bouts (Gladiator Arena, four gladiators of four players a bout,
token auth), on a scratch database. The first turn of every bout warms up and is not counted.
A turn's tasks are published to the broker as usual (their cost is the PUT's) and run here
with `Task.apply` (the worker's signals included); the queues are purged at the end.
Statements are Django's (CaptureQueriesContext) plus the health check (`SELECT 1`) that each
request's first query brings. `--profile` prints cProfile's top functions of the PUTs or of
the resolves; `--sql` prints the statements of one PUT and of one resolve.
Figures only: nothing asserts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psutil
from harness import django_on_scratch_database
from load_bench import BoutPlan, bouts_setup, campaign_setup

# A connection kept for the whole run: one PostgreSQL backend, whose CPU is read around each
# step (a reconnect would move the work to a backend not watched).
os.environ["DJANGO_CONN_MAX_AGE"] = "3600"


class Recorder:
    """Every task queued meanwhile (still published), to be run here afterwards."""

    def __init__(self, app) -> None:
        self.app, self.sent = app, []
        self.real = app.send_task

    def __enter__(self) -> Recorder:
        def send_task(name, args=None, kwargs=None, **options):
            self.sent.append((name, args or (), kwargs or {}))
            return self.real(name, args=args, kwargs=kwargs, **options)

        self.app.send_task = send_task
        return self

    def __exit__(self, *exc) -> None:
        self.app.send_task = self.real


class Meter:
    """CPU of this process and of the PostgreSQL backend serving it, and Django's statements."""

    def __init__(self) -> None:
        from django.db import connection

        self.connection = connection
        self.backend: psutil.Process | None = None

    def _backend(self) -> psutil.Process:
        self.connection.ensure_connection()
        pid = self.connection.connection.info.backend_pid
        if self.backend is None or self.backend.pid != pid:
            self.backend = psutil.Process(pid)
        return self.backend

    @staticmethod
    def _cpu(process: psutil.Process) -> float:
        times = process.cpu_times()
        return times.user + times.system

    def measure(self, work, profiler: cProfile.Profile | None = None):
        """(python CPU s, PostgreSQL CPU s, statements, SQL texts, result) of work()."""
        from django.test.utils import CaptureQueriesContext

        backend = self._backend()
        pg_before = self._cpu(backend)
        with CaptureQueriesContext(self.connection) as queries:
            if profiler:
                profiler.enable()
            started = time.process_time()
            result = work()
            used = time.process_time() - started
            if profiler:
                profiler.disable()
        if self._backend().pid != backend.pid:
            raise SystemExit("the database connection was replaced: figures would be wrong")
        pg = self._cpu(backend) - pg_before
        return used, pg, len(queries), [q["sql"] for q in queries.captured_queries], result


def wsgi_put(app, path: str, token: str, body: bytes) -> int:
    """One request as gunicorn hands it to Django: a WSGI call with its headers."""
    environ = {
        "REQUEST_METHOD": "PUT",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_AUTHORIZATION": f"Token {token}",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    status = []
    answer = app(environ, lambda s, headers, exc_info=None: status.append(s))
    try:
        b"".join(answer)
    finally:
        if hasattr(answer, "close"):
            answer.close()  # request_finished: as the server closes every answer
    return int(status[0].split()[0])


def run_tasks(app, sent: list) -> dict[str, int]:
    """Run every recorded task here, and those they queue, until none is left."""
    ran: dict[str, int] = {}
    while sent:
        name, args, kwargs = sent.pop(0)
        app.tasks[name].apply(args=args, kwargs=kwargs, throw=True)
        ran[name] = ran.get(name, 0) + 1
    return ran


def top(profiler: cProfile.Profile, n: int) -> None:
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(n)
        print(out.getvalue())


def spread(label: str, values: list[float], unit: str = "ms", scale: float = 1000) -> str:
    v = [x * scale for x in values]
    return (
        f"{label} median {statistics.median(v):.2f} {unit}, mean {statistics.fmean(v):.2f}, "
        f"min {min(v):.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=10)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--profile", choices=("put", "resolve"))
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sql", action="store_true", help="print one PUT's and one resolve's")
    parser.add_argument("--save", help="with --profile: the profile's stats to this file too")
    args = parser.parse_args()
    with django_on_scratch_database():
        from django.core.wsgi import get_wsgi_application

        from arena.models import Bout
        from campaign.celery import app as current_app

        current_app.loader.import_default_modules()  # the tasks, as a worker finds them
        players = campaign_setup()
        plans: list[BoutPlan] = bouts_setup(players, args.bouts, 0)
        wsgi = get_wsgi_application()
        meter = Meter()
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall
        shuffle = random.Random(1).shuffle
        puts: list[tuple[float, float, int]] = []
        turns: list[tuple[float, float, int]] = []
        put_sql: list[str] = []
        turn_sql: list[str] = []
        tasks: dict[str, int] = {}
        with Recorder(current_app) as recorder:
            for turn in range(1, args.turns + 1):
                counted = turn > 1
                for plan in plans:
                    entrants = list(plan.entrants)
                    shuffle(entrants)
                    for entrant in entrants:
                        body = json.dumps({"order": entrant.order(turn), "turn": turn}).encode()
                        path = f"{plan.path}{entrant.pk}/"
                        cpu, pg, n, sql, status = meter.measure(
                            lambda path=path, token=entrant.token, body=body: wsgi_put(
                                wsgi, path, token, body
                            ),
                            profiler if counted and args.profile == "put" else None,
                        )
                        if status != 200:
                            raise SystemExit(f"PUT {path}: {status}")
                        if counted:
                            puts.append((cpu, pg, n + 1))  # the health check's SELECT 1
                            put_sql = put_sql or sql
                    sent = list(recorder.sent)
                    recorder.sent.clear()
                    cpu, pg, n, sql, ran = meter.measure(
                        lambda sent=sent: run_tasks(current_app, sent),
                        profiler if counted and args.profile == "resolve" else None,
                    )
                    recorder.sent.clear()  # run_tasks ran those too
                    if Bout.objects.get(pk=plan.pk).turn != turn + 1:
                        raise SystemExit(f"bout {plan.pk}: turn {turn} was not resolved")
                    if counted:
                        turns.append((cpu, pg, n))
                        turn_sql = turn_sql or sql
                        for name, times in ran.items():
                            tasks[name] = tasks.get(name, 0) + times
        current_app.control.purge()
        orders = len(puts)
        print(
            f"{args.bouts} bouts x 4 gladiators, turns 2-{args.turns} counted: {orders} PUTs, "
            f"{len(turns)} turns; load average {os.getloadavg()[0]:.1f}"
        )
        print(spread("order PUT, CPU here:", [p[0] for p in puts]))
        print(spread("order PUT, CPU PostgreSQL:", [p[1] for p in puts]))
        print(f"order PUT, statements: {sorted({p[2] for p in puts})} (health check included)")
        print(spread("turn resolve, CPU here:", [t[0] for t in turns]))
        print(spread("turn resolve, CPU PostgreSQL:", [t[1] for t in turns]))
        print(f"turn resolve, statements: {sorted({t[2] for t in turns})}")
        print(f"tasks a turn: { {k: v / len(turns) for k, v in tasks.items()} }")
        web = sum(p[0] for p in puts) / orders * 1000
        worker = sum(t[0] for t in turns) / orders * 1000
        pg = (sum(p[1] for p in puts) + sum(t[1] for t in turns)) / orders * 1000
        print(
            f"CPU per order: web {web:.2f} ms, worker {worker:.2f} ms, PostgreSQL {pg:.2f} ms "
            f"({web + worker + pg:.2f} in all)"
        )
        if args.sql:
            print("\none PUT's statements:")
            print("\n".join(f"  {s}" for s in put_sql))
            print("\none turn resolve's statements:")
            print("\n".join(f"  {s}" for s in turn_sql))
        if profiler:
            print()
            top(profiler, args.top)
            if args.save:
                profiler.dump_stats(args.save)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
