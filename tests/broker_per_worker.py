"""Each pytest-xdist worker gets a Redis database of its own as the Celery broker.

The tests publish tasks, purge queues, count messages and stop consumers through Celery's
remote control, and the integration tests start a real `celery worker` on their worker's test
database: on one shared broker database another xdist worker's Celery would take those tasks
and run them against the wrong test database. Worker gwN uses Redis database N + 1 of the
broker the run was given (the first one is left to a run in one process, `-n 0`).

Settings read CELERY_BROKER_URL when Django starts, which pytest-django does before any
conftest is read; this module is loaded with `-p` (pyproject.toml's addopts), which pytest
imports earlier still, and xdist names the worker (PYTEST_XDIST_WORKER) before that. The
environment is changed, not the settings, so that a `celery worker` the tests start inherits
the worker's broker too.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl, urlencode, urlsplit

REDIS_DATABASES = 16  # a default redis-server's `databases`


def broker_for_worker(url: str, worker: str) -> str:
    """`url` (redis://host:port/N or redis+socket:///path) moved to the Redis database of
    xdist worker `worker` ("gw0", "gw1", ...)."""
    index = int(worker.removeprefix("gw")) + 1
    if index >= REDIS_DATABASES:
        raise RuntimeError(
            f"xdist worker {worker} needs Redis database {index}, and Redis has "
            f"{REDIS_DATABASES}: run with at most {REDIS_DATABASES - 1} workers (-n)."
        )
    parts = urlsplit(url)
    if parts.scheme == "redis+socket":
        # kombu reads a socket URL's database from its virtual_host option. (The URL is put
        # together by hand: urlunsplit would drop the empty host's "//".)
        path, _, query = url.partition("?")
        options = [(k, v) for k, v in parse_qsl(query) if k != "virtual_host"]
        return f"{path}?{urlencode([*options, ('virtual_host', str(index))])}"
    if parts.scheme in ("redis", "rediss"):
        return parts._replace(path=f"/{index}").geturl()
    raise RuntimeError(
        f"CELERY_BROKER_URL {url!r} is not a Redis URL: xdist workers cannot be given a "
        "broker each; run the tests in one process (-n 0)."
    )


_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and os.environ.get("CELERY_BROKER_URL"):
    os.environ["CELERY_BROKER_URL"] = broker_for_worker(os.environ["CELERY_BROKER_URL"], _worker)
