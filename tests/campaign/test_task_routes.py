"""Every Celery task has a queue by urgency (docs/deployment.md): a simulation can never sit
in front of a fight, and no task is left to a queue that a worker might not consume."""

from __future__ import annotations

from django.conf import settings

from arena import queue as arena_queue
from campaign.celery import app
from campaign.notifications import queue as notification_queue

QUEUES = {settings.FIGHTS, settings.MESSAGES, settings.SIMULATIONS}


def registered_tasks() -> set[str]:
    app.loader.import_default_modules()  # autodiscovery: every app's tasks module
    return {name for name in app.tasks if not name.startswith("celery.")}


def queue_of(name: str) -> str:
    """The queue a task's message lands in: its route's queue, which must be bound by its own
    exchange and key (a shared key would copy the message into every queue bound by it)."""
    queue = app.amqp.router.route({}, name)["queue"]
    assert queue.exchange.name == queue.routing_key == queue.name
    return queue.name


def test_every_task_is_routed_by_name_to_a_known_queue():
    tasks = registered_tasks()
    assert tasks, "autodiscovery found no task"
    assert tasks == set(settings.CELERY_TASK_ROUTES), "a task without a route, or a stale route"
    assert {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()} == QUEUES
    assert {queue.name for queue in settings.CELERY_TASK_QUEUES} == QUEUES


def test_fights_messages_and_simulations_go_where_their_urgency_says():
    fights = [arena_queue.BOUT_RESOLVE, arena_queue.TURN_RESOLVE, arena_queue.MERCY_CLOSE]
    fights += [arena_queue.TOURNAMENT_SCHEDULE, "arena.tasks.bouts_sweep_due_task"]
    fights += ["characters.tasks.pack_deadlines_sweep_task"]
    messages = [notification_queue.EVENT_FAN_OUT, notification_queue.DELIVERY_SEND]
    messages += ["campaign.notifications.tasks.deliveries_sweep_task"]
    messages += ["campaign.notifications.tasks.digests_make_task"]
    messages += ["arena.tasks.orders_reminders_sweep_task"]  # mail only: never before a fight
    simulations = [arena_queue.ODDS, arena_queue.LAB_CHUNK, arena_queue.VERIFY]
    assert {queue_of(name) for name in fights} == {"fights"}
    assert {queue_of(name) for name in messages} == {"messages"}
    assert {queue_of(name) for name in simulations} == {"simulations"}
