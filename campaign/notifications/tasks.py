"""Celery interfaces to the notification services. Each takes ids and calls one service."""

from __future__ import annotations

from celery import shared_task

from .queue import DELIVERY_SEND, EVENT_FAN_OUT
from .services import deliveries_sweep, delivery_send, event_fan_out


@shared_task(name=EVENT_FAN_OUT, acks_late=True)
def event_fan_out_task(event_id: int) -> None:
    event_fan_out(event_id=event_id)  # a second delivery creates no second row


@shared_task(name=DELIVERY_SEND, acks_late=True)
def delivery_send_task(delivery_id: int) -> None:
    delivery_send(delivery_id=delivery_id)  # claims the row; sends once; schedules its retry


@shared_task
def deliveries_sweep_task() -> None:
    """Beat's safety net: events and deliveries whose message was lost."""
    deliveries_sweep()
