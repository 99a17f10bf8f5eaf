from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .errors import NotAllowed


class NotAllowedMiddleware:
    """Render a service's NotAllowed as a 403 page that says why."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NotAllowed):
            return render(request, "403.html", {"reason": exception.message}, status=403)
        return None
