"""Messages to the worker, sent by task name so that the services never import the tasks (the
tasks import the services: one direction, no cycle)."""

from __future__ import annotations

from datetime import datetime

from celery import current_app

BOUT_RESOLVE = "arena.tasks.bout_resolve_task"
TURN_RESOLVE = "arena.tasks.bout_turn_resolve_task"
VERIFY = "arena.tasks.bout_verify_task"


def enqueue_bout_resolve(bout_id: int, eta: datetime) -> None:
    current_app.send_task(BOUT_RESOLVE, args=[bout_id], eta=eta)


def enqueue_turn_resolve(bout_id: int, turn: int) -> None:
    current_app.send_task(TURN_RESOLVE, args=[bout_id, turn])


def enqueue_verify(verification_id: int) -> None:
    current_app.send_task(VERIFY, args=[verification_id])


TOURNAMENT_SCHEDULE = "arena.tasks.tournament_schedule_task"


def enqueue_tournament_schedule(tournament_id: int) -> None:
    current_app.send_task(TOURNAMENT_SCHEDULE, args=[tournament_id])
