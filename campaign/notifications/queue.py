"""Messages to the worker, sent by task name (as arena/queue.py): services never import tasks.
And the wait before a delivery's retry, which the send task's Celery options make."""

from __future__ import annotations

from celery import current_app
from celery.utils.time import get_exponential_backoff_interval
from django.conf import settings

EVENT_FAN_OUT = "notifications.tasks.event_fan_out_task"
DELIVERY_SEND = "notifications.tasks.delivery_send_task"
# No cap short of a day on the doubling (Celery's own default, 10 minutes, would cut it short
# when LUDUS_DELIVERY_ATTEMPTS is raised).
RETRY_WAIT_MAX = 24 * 3600


def enqueue_event_fan_out(event_id: int) -> None:
    current_app.send_task(EVENT_FAN_OUT, args=[event_id])


def enqueue_delivery_send(delivery_id: int) -> None:
    current_app.send_task(DELIVERY_SEND, args=[delivery_id])


def retry_wait(attempts: int) -> int:
    """Seconds before attempt `attempts + 1`, as Celery's retry_backoff computes them for the
    send task: LUDUS_DELIVERY_BACKOFF_SECONDS, doubled after each failure."""
    return get_exponential_backoff_interval(
        factor=max(1, settings.LUDUS_DELIVERY_BACKOFF_SECONDS),  # as Celery: at least 1 s
        retries=attempts - 1,
        maximum=RETRY_WAIT_MAX,
        full_jitter=False,
    )
