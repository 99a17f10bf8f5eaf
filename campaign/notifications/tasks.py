"""Celery interfaces to the notification services. Each takes ids and calls one service."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from .queue import DELIVERY_SEND, EVENT_FAN_OUT, RETRY_WAIT_MAX
from .services import DeliveryFailed, deliveries_sweep, delivery_send, digests_make, event_fan_out


@shared_task(name=EVENT_FAN_OUT, acks_late=True)
def event_fan_out_task(event_id: int) -> None:
    event_fan_out(event_id=event_id)  # a second delivery creates no second row


# A failed send is retried by Celery, the wait doubling from LUDUS_DELIVERY_BACKOFF_SECONDS
# (queue.retry_wait says the same wait on the delivery's row). The row counts the attempts and
# gives up after the last, so max_retries is only a backstop.
@shared_task(
    name=DELIVERY_SEND,
    acks_late=True,
    autoretry_for=(DeliveryFailed,),
    retry_backoff=settings.LUDUS_DELIVERY_BACKOFF_SECONDS,
    retry_backoff_max=RETRY_WAIT_MAX,
    retry_jitter=False,
    max_retries=settings.LUDUS_DELIVERY_ATTEMPTS - 1,
)
def delivery_send_task(delivery_id: int) -> None:
    delivery_send(delivery_id=delivery_id)  # claims the row, sends once, records the answer


@shared_task
def deliveries_sweep_task() -> None:
    """Beat's safety net: events and deliveries whose message or worker was lost."""
    deliveries_sweep()


@shared_task
def digests_make_task() -> None:
    """Beat, every hour: the daily digests of the UTC day before (made once, sent once; a
    failed send is tried again the next hour)."""
    digests_make(day=(timezone.now() - timedelta(days=1)).date())
