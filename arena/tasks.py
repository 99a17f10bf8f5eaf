"""Celery interfaces to the bout services. Each takes ids and calls one service."""

from __future__ import annotations

from celery import shared_task

from .play_by_web import bout_turn_resolve, bouts_sweep_deadlines
from .queue import BOUT_RESOLVE, TOURNAMENT_SCHEDULE, TURN_RESOLVE, VERIFY
from .services import bout_resolve, bouts_sweep_due, verification_run
from .tournaments import tournament_schedule_ready, tournaments_sweep


@shared_task(name=BOUT_RESOLVE, acks_late=True)
def bout_resolve_task(bout_id: int) -> None:
    bout_resolve(bout_id=bout_id)  # the service claims the bout; a repeat is a no-op


@shared_task(name=TURN_RESOLVE, acks_late=True)
def bout_turn_resolve_task(bout_id: int, turn: int) -> None:
    bout_turn_resolve(bout_id=bout_id, turn=turn)  # a turn already resolved is a no-op


@shared_task(name=VERIFY, acks_late=True)
def bout_verify_task(verification_id: int) -> None:
    verification_run(verification_id=verification_id)  # a finished check is a no-op


@shared_task(name=TOURNAMENT_SCHEDULE, acks_late=True)
def tournament_schedule_task(tournament_id: int) -> None:
    tournament_schedule_ready(tournament_id=tournament_id)  # a match with a bout is skipped


@shared_task
def bouts_sweep_due_task() -> None:
    """Beat's safety net: due bouts whose message was lost, turns past their deadline, and
    knockout matches ready for their bout."""
    bouts_sweep_due()
    bouts_sweep_deadlines()
    tournaments_sweep()
