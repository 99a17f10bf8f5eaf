"""Celery interfaces to the character services."""

from __future__ import annotations

from celery import shared_task

from .pack_events import pack_deadlines_sweep


@shared_task
def pack_deadlines_sweep_task() -> None:
    pack_deadlines_sweep()  # a draft already moved on is left alone
