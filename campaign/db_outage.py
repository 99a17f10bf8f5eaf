"""A PostgreSQL outage answers 503 in words (a short page, JSON under /api/), not a 500: the
request was fine, the server cannot reach its database for now, and a retry may work.

Only a connection failure counts: the server refused or dropped the connection, or is shutting
down or starting up. Any other database error is a bug or a conflict and stays a 500.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

log = logging.getLogger(__name__)

REASON = "Ludus cannot reach its database just now. Nothing was changed; try again in a minute."
RETRY_AFTER_SECONDS = 30
# SQLSTATE classes and codes of a server that is gone or going: connection exceptions (08),
# and admin shutdown, crash shutdown, cannot connect now (57P01-57P03).
OUTAGE_STATES = ("08", "57P01", "57P02", "57P03")


def is_outage(error: BaseException | None) -> bool:
    """Whether `error` (as Django raised it) says the database cannot be reached."""
    if isinstance(error, InterfaceError):  # the connection is already closed
        return True
    if not isinstance(error, OperationalError):
        return False
    # psycopg's own error is the cause; one without a SQLSTATE never reached the server.
    state = getattr(error.__cause__, "sqlstate", None)
    return state is None or state.startswith(OUTAGE_STATES)


def outage_response(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After; the page reads nothing from the database."""
    log.warning("database unreachable: %s %s answered 503", request.method, request.path)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": REASON}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"reason": REASON}), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseOutageMiddleware:
    """A view (page or API) that lost the database answers 503. A middleware that lost it
    ends in the 500 handler, which answers the same (campaign.api_errors.server_error)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return outage_response(request) if is_outage(exception) else None
