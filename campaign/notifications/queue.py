"""Messages to the worker, sent by task name (as arena/queue.py): services never import tasks."""

from __future__ import annotations

from celery import current_app

EVENT_FAN_OUT = "notifications.tasks.event_fan_out_task"
DELIVERY_SEND = "notifications.tasks.delivery_send_task"


def enqueue_event_fan_out(event_id: int) -> None:
    current_app.send_task(EVENT_FAN_OUT, args=[event_id])


def enqueue_delivery_send(delivery_id: int, countdown: float | None = None) -> None:
    current_app.send_task(DELIVERY_SEND, args=[delivery_id], countdown=countdown)
