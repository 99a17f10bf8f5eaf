from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .errors import LudusError, NotAllowed


class DomainErrorMiddleware:
    """A service's refusal that no view caught becomes a page that says why, never a 500:
    NotAllowed is a 403, LudusError (a request that breaks a rule) a 400."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NotAllowed):
            return render(request, "403.html", {"reason": exception.message}, status=403)
        if isinstance(exception, LudusError):
            return render(request, "400.html", {"reason": exception.message}, status=400)
        return None
