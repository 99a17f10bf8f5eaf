from __future__ import annotations

import sys
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from campaign.shared.errors import LudusError, NotAllowed

from .db_outage import is_outage, outage_response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler plus the domain errors: LudusError 400 (names the field), NotAllowed 403."""
    if isinstance(exc, LudusError):
        key = exc.field or "non_field_errors"
        return Response({key: [exc.message]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, NotAllowed):
        return Response({"detail": exc.message}, status=status.HTTP_403_FORBIDDEN)
    return drf_exception_handler(exc, context)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A URL that matches no route: JSON under /api/ (clients parse it), the page elsewhere."""
    if _is_api(request):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """The last resort, in the API's shape under /api/. Django calls it while handling the
    uncaught exception: one that says the database is out of reach (raised by a middleware,
    or while a session is saved) answers 503 like a view's."""
    if is_outage(sys.exc_info()[1]):
        return outage_response(request)
    if _is_api(request):
        return JsonResponse({"detail": "Server error."}, status=500)
    return defaults.server_error(request)
