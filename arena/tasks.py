"""Celery interfaces to the bout services. Each takes ids and calls one service."""

from __future__ import annotations

from celery import shared_task

from .services import bout_resolve, bouts_sweep_due


@shared_task(acks_late=True)
def bout_resolve_task(bout_id: int) -> None:
    bout_resolve(bout_id=bout_id)  # the service claims the bout; a repeat is a no-op


@shared_task
def bouts_sweep_due_task() -> None:
    bouts_sweep_due()
