"""Opt-in observability (docs/configuration.md, "Logs and errors"): every log line of a
request carries its request id, every line of a task its task id, as structlog context
variables; `LUDUS_LOG_FORMAT=json` renders each line as one JSON object; SENTRY_DSN sends
errors to Sentry, tagged with the same ids.

The request id is the proxy's `X-Request-ID` when it is a plain token (so the proxy's access
log and Ludus's lines join), a fresh one otherwise; the answer carries it back."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import structlog
from celery.signals import task_postrun, task_prerun
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

REQUEST_ID_HEADER = "X-Request-ID"
# Letters, digits and -._ only, at most 64: an id taken from outside cannot forge a log line.
REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def request_id_of(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    """Binds the request id for every line logged while the request is answered."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_of(request)
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(request_id=request_id)
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        return response


@receiver(request_finished)
def _unbind_request(**kwargs) -> None:
    """Django logs a 4xx or 5xx answer after the middleware has returned it: the id stays
    bound until the answer is sent and closed."""
    structlog.contextvars.clear_contextvars()


@task_prerun.connect
def _bind_task(task_id=None, task=None, **kwargs) -> None:
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(task_id=task_id, task=getattr(task, "name", ""))


@task_postrun.connect
def _unbind_task(**kwargs) -> None:
    structlog.contextvars.clear_contextvars()


def sentry_tags(event: dict, hint: dict) -> dict:
    """Sentry's before_send: the request or task id of the moment as tags."""
    context = structlog.contextvars.get_contextvars()
    tags = event.setdefault("tags", {})
    for key in ("request_id", "task_id"):
        if key in context:
            tags[key] = context[key]
    return event


def sentry_init(dsn: str, *, environment: str, traces_sample_rate: float) -> None:
    import sentry_sdk

    sentry_sdk.init(
        dsn=dsn,
        environment=environment or None,
        traces_sample_rate=traces_sample_rate,
        send_default_pii=False,  # no user names, addresses or cookies leave the server
        before_send=sentry_tags,
    )
