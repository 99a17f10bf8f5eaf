"""Every request body is bounded before anything reads it, on every route and for every content
type (a form, a multipart upload, JSON ...). Django's own limits (DATA_UPLOAD_MAX_MEMORY_SIZE)
count only a form's fields, never an uploaded file, and apply only once the body is read.

The first middleware refuses with 413 a body whose Content-Length is over the route's limit,
reading none of it. A body of unknown length (chunked) is read only where the server says its
input ends (wsgi.input_terminated, as gunicorn does), and at most one byte past the limit;
elsewhere Django reads no body without a Content-Length at all. A route that takes a file says so
with @takes_upload and gets LUDUS_UPLOAD_MAX_BYTES instead of DATA_UPLOAD_MAX_MEMORY_SIZE.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve


def takes_upload(view: Callable) -> Callable:
    """Mark a view whose form carries a file: its body may be LUDUS_UPLOAD_MAX_BYTES."""
    view.ludus_takes_upload = True  # type: ignore[attr-defined]
    return view


def body_limit(request: HttpRequest) -> int:
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        view = None
    if getattr(view, "ludus_takes_upload", False):
        return settings.LUDUS_UPLOAD_MAX_BYTES
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def smallest_limit() -> int:
    return min(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.LUDUS_UPLOAD_MAX_BYTES)


def too_large(request: HttpRequest, limit: int) -> HttpResponse:
    reason = f"The request body is over {limit // 1024} KiB; send less."
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": reason}, status=413)
    # The session and the user are not known yet: a page of its own, without the site's header.
    return HttpResponse(render_to_string("too_large.html", {"reason": reason}), status=413)


class BodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = request.META.get("CONTENT_LENGTH", "")
        if length.isascii() and length.isdigit():
            # A body within both limits passes whatever its route: the route (a walk of the
            # addresses) is looked up only for a larger one.
            if int(length) > smallest_limit() and int(length) > (limit := body_limit(request)):
                return too_large(request, limit)
        elif request.META.get("wsgi.input_terminated") and "HTTP_TRANSFER_ENCODING" in request.META:
            limit = body_limit(request)
            body = request.META["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                return too_large(request, limit)
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))  # the body as read
        return self.get_response(request)
