"""Workers report on their queues for campaign/health.py: each worker heartbeat (Celery's own,
every 2 s) writes the time under one key per queue the worker consumes at that moment, so a
queue a worker stopped consuming (`celery control cancel_consumer`) stops being reported."""

from __future__ import annotations

import logging

import redis
from celery.signals import heartbeat_sent, worker_ready, worker_shutdown

from campaign import health

log = logging.getLogger(__name__)

_consumer = None  # the worker's consumer once it is ready; one per worker process


@worker_ready.connect
def _remember_consumer(sender, **kwargs) -> None:
    global _consumer
    _consumer = sender


@worker_shutdown.connect
def _forget_consumer(sender, **kwargs) -> None:
    global _consumer
    _consumer = None


@heartbeat_sent.connect
def report_queues(sender, **kwargs) -> None:
    """Runs in the worker's main process, on its event loop's timer."""
    consumer = _consumer
    task_consumer = getattr(consumer, "task_consumer", None)
    if task_consumer is None:
        return
    names = [queue.name for queue in task_consumer.queues]
    try:
        health.record([health.queue_key(name) for name in names])
    except redis.RedisError as error:
        # The broker is down: the worker notices on its own; health says "broker".
        log.warning("worker heartbeat not recorded: %s", error)
