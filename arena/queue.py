"""Messages to the worker, sent by task name so that the services never import the tasks (the
tasks import the services: one direction, no cycle)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from celery import current_app, group
from django.conf import settings

BOUT_RESOLVE = "arena.tasks.bout_resolve_task"
TURN_RESOLVE = "arena.tasks.bout_turn_resolve_task"
VERIFY = "arena.tasks.bout_verify_task"
MERCY_CLOSE = "arena.tasks.mercy_vote_close_task"


def enqueue_bout_resolve(bout_id: int, eta: datetime) -> None:
    current_app.send_task(BOUT_RESOLVE, args=[bout_id], eta=eta)


def enqueue_turn_resolve(bout_id: int, turn: int) -> None:
    current_app.send_task(TURN_RESOLVE, args=[bout_id, turn])


def enqueue_verify(verification_id: int) -> None:
    current_app.send_task(VERIFY, args=[verification_id])


# Nothing sends it any more; a message queued before knockouts were seasons is still heard
# (arena/tasks.py).
TOURNAMENT_SCHEDULE = "arena.tasks.tournament_schedule_task"


def enqueue_mercy_close(vote_id: int, eta: datetime | None = None) -> None:
    """Close a mercy vote and fight its bout on: at the deadline, or now (everyone voted)."""
    current_app.send_task(MERCY_CLOSE, args=[vote_id], eta=eta)


LAB_CHUNK = "arena.tasks.lab_chunk_task"


def enqueue_lab_chunks(run_id: int, indexes: Iterable[int]) -> None:
    """Chunks of a balance lab run as one Celery group of chunk tasks: any number of workers
    on any number of hosts share it. No result backend: each chunk stores its cells itself."""
    group(current_app.signature(LAB_CHUNK, args=[run_id, i]) for i in indexes).apply_async()


def simulations_waiting() -> int:
    """How many messages wait on the simulations queue (not those a worker holds)."""
    queue = current_app.amqp.queues[settings.SIMULATIONS]
    with current_app.connection_for_read() as connection:
        return queue(connection.default_channel).queue_declare().message_count


ODDS = "arena.tasks.bout_odds_task"


def enqueue_odds(odds_id: int) -> None:
    current_app.send_task(ODDS, args=[odds_id])


SEASON_ROUND = "arena.tasks.season_round_task"


def enqueue_season_round(season_id: int, eta: datetime | None = None) -> None:
    """Play a season's round at its time (the sweeper plays it too, should this be lost)."""
    current_app.send_task(SEASON_ROUND, args=[season_id], eta=eta)


WHAT_IF = "arena.tasks.bout_what_if_task"


def enqueue_what_if(what_if_id: int) -> None:
    current_app.send_task(WHAT_IF, args=[what_if_id])
