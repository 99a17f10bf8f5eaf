"""The state of the parts Ludus runs on, for `/healthz` and the GM's settings page: whether
PostgreSQL and the broker answer, when a worker last reported on each queue, and when beat
last had the due-bout sweeper run.

Workers report through Celery's own worker heartbeat (every 2 s, on by default, also under
`--without-gossip`): each beat of the heart writes the time into the broker's Redis under one
key per queue the worker consumes at that moment (campaign/heartbeat.py). The sweeper writes
its key when it has run (arena/tasks.py). Reading the report is one `SELECT 1` and one Redis
MGET: no session, no database write (docs/deployment.md, "Health")."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache

import redis
from django.conf import settings
from django.db import DatabaseError, connection

log = logging.getLogger(__name__)

KEY_PREFIX = "ludus:health:"
SWEEP_KEY = KEY_PREFIX + "sweep"
# A key outlives any threshold by far: a report older than a day is "no report".
KEY_TTL_SECONDS = 24 * 3600
BROKER_TIMEOUT_SECONDS = 1.0


def queue_key(queue: str) -> str:
    return f"{KEY_PREFIX}queue:{queue}"


def queues() -> list[str]:
    """Every queue of CELERY_TASK_QUEUES, in their order."""
    return [q.name for q in settings.CELERY_TASK_QUEUES]


@cache
def _broker_for(url: str) -> redis.Redis:
    # Kombu spells a unix socket `redis+socket:///path`; redis-py wants the path itself.
    for scheme in ("redis+socket://", "socket://"):
        if url.startswith(scheme):
            path = url.removeprefix(scheme).split("?", 1)[0]
            return redis.Redis(
                unix_socket_path=path,
                socket_timeout=BROKER_TIMEOUT_SECONDS,
                socket_connect_timeout=BROKER_TIMEOUT_SECONDS,
            )
    return redis.Redis.from_url(
        url,
        socket_timeout=BROKER_TIMEOUT_SECONDS,
        socket_connect_timeout=BROKER_TIMEOUT_SECONDS,
    )


def broker() -> redis.Redis:
    """A client on the broker's Redis (one pool per process), with one-second deadlines."""
    return _broker_for(settings.CELERY_BROKER_URL)


def record(keys: list[str], *, now: float | None = None) -> None:
    """Write the time into each of `keys` (a worker's heartbeat, the sweeper's run)."""
    stamp = repr(time.time() if now is None else now)
    pipe = broker().pipeline(transaction=False)
    for key in keys:
        pipe.set(key, stamp, ex=KEY_TTL_SECONDS)
    pipe.execute()


@dataclass(frozen=True)
class Part:
    """One part's state: ok is None when it cannot be known (the broker holds the reports)."""

    name: str
    ok: bool | None
    last: datetime | None = None
    age_seconds: float | None = None
    limit_seconds: float | None = None
    error: str = ""

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"ok": self.ok}
        if self.limit_seconds is not None:
            out["last"] = self.last.isoformat() if self.last else None
            out["age_seconds"] = None if self.age_seconds is None else round(self.age_seconds, 1)
            out["limit_seconds"] = self.limit_seconds
        if self.error:
            out["error"] = self.error
        return out


@dataclass(frozen=True)
class Report:
    database: Part
    broker: Part
    queues: list[Part]
    sweeper: Part
    failing: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failing

    def as_json(self) -> dict[str, object]:
        return {
            "status": "ok" if self.ok else "failing",
            "failing": self.failing,
            "database": self.database.as_json(),
            "broker": self.broker.as_json(),
            "queues": {part.name: part.as_json() for part in self.queues},
            "sweeper": self.sweeper.as_json(),
        }


def _database() -> Part:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        # The next request opens a fresh connection instead of this broken one.
        connection.close_if_unusable_or_obsolete()
        return Part("database", False, error=type(error).__name__)
    return Part("database", True)


def _fresh(name: str, raw: bytes | None, limit: float, now: float) -> Part:
    if raw is None:
        return Part(name, False, limit_seconds=limit)
    at = float(raw)
    age = max(0.0, now - at)
    return Part(name, age <= limit, datetime.fromtimestamp(at, UTC), age, limit)


def report(*, now: float | None = None) -> Report:
    """Ask every part; a part that cannot be asked is failing, never an exception."""
    now = time.time() if now is None else now
    names = queues()
    worker_limit = settings.LUDUS_HEALTH_WORKER_SECONDS
    sweep_limit = settings.LUDUS_HEALTH_SWEEP_SECONDS
    database = _database()
    try:
        *stamps, swept = broker().mget([queue_key(q) for q in names] + [SWEEP_KEY])
    except redis.RedisError as error:
        broker_part = Part("broker", False, error=type(error).__name__)
        queue_parts = [Part(q, None, limit_seconds=worker_limit) for q in names]
        sweeper = Part("sweeper", None, limit_seconds=sweep_limit)
    else:
        broker_part = Part("broker", True)
        queue_parts = [
            _fresh(q, raw, worker_limit, now) for q, raw in zip(names, stamps, strict=True)
        ]
        sweeper = _fresh("sweeper", swept, sweep_limit, now)
    failing = [p.name for p in (database, broker_part) if not p.ok]
    failing += [f"worker:{p.name}" for p in queue_parts if p.ok is False]
    if sweeper.ok is False:
        failing.append("sweeper")
    return Report(database, broker_part, queue_parts, sweeper, failing)


def _ago(part: Part) -> str:
    from django.utils.timesince import timesince

    return "just now" if (part.age_seconds or 0) < 60 else f"{timesince(part.last)} ago"


def in_words(report: Report) -> list[tuple[bool | None, str]]:
    """The report as sentences for the GM, each with its part's state."""
    lines: list[tuple[bool | None, str]] = [
        (
            report.database.ok,
            "The database answers."
            if report.database.ok
            else "The database does not answer: nothing can be saved.",
        ),
        (
            report.broker.ok,
            "The broker (Redis) answers."
            if report.broker.ok
            else "The broker (Redis) does not answer: no bout, message or simulation can be "
            "sent to a worker.",
        ),
    ]
    what = {
        "fights": "bouts, turns and mercy votes",
        "messages": "e-mails, webhooks and the inbox",
        "simulations": "odds, lab runs and verifications",
    }
    for part in report.queues:
        work = what.get(part.name, "its tasks")
        if part.ok is None:
            lines.append(
                (
                    None,
                    f"Whether a worker takes the {part.name} queue ({work}) is "
                    "unknown while the broker does not answer.",
                )
            )
        elif part.last is None:
            lines.append((False, f"No worker has reported on the {part.name} queue ({work})."))
        elif part.ok:
            lines.append(
                (True, f"A worker reported on the {part.name} queue ({work}) {_ago(part)}.")
            )
        else:
            lines.append(
                (
                    False,
                    f"The last worker report on the {part.name} queue ({work}) was {_ago(part)}.",
                )
            )
    sweeper = report.sweeper
    if sweeper.ok is None:
        lines.append(
            (None, "When beat last ran the sweeper is unknown while the broker does not answer.")
        )
    elif sweeper.last is None:
        lines.append((False, "Beat has not run the due-bout sweeper yet."))
    elif sweeper.ok:
        lines.append((True, f"Beat ran the due-bout sweeper {_ago(sweeper)}."))
    else:
        lines.append(
            (
                False,
                f"Beat last ran the due-bout sweeper {_ago(sweeper)}: a lost "
                "bout or turn is not caught.",
            )
        )
    return lines
