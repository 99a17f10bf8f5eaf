from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from campaign.shared.errors import LudusError, NotAllowed


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


FORM_CONTENT_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class InputGuardMiddleware:
    """What no view should have to think about, refused up front in words:
    - a POST to a page that is not an HTML form (JSON, text ...): 415;
    - a NUL character anywhere in the path, the query string or a form's fields (PostgreSQL
      cannot store one, and no name, code or square contains one): 400;
    - a form body over DATA_UPLOAD_MAX_MEMORY_SIZE (413) or with more than
      DATA_UPLOAD_MAX_NUMBER_FIELDS fields (400).
    The API's JSON bodies are bounded by campaign.shared.api_inputs.BoundedJSONParser."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = self.refusal(request)
        if refusal is not None:
            status, reason = refusal
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": reason}, status=status)
            return render(request, "400.html", {"reason": reason}, status=status)
        return self.get_response(request)

    def refusal(self, request: HttpRequest) -> tuple[int, str] | None:
        if "\x00" in request.path or "%00" in request.META.get("QUERY_STRING", ""):
            return 400, "The address holds a NUL character (%00); no Ludus address does."
        if request.method != "POST" or request.path.startswith("/api/"):
            return None
        if request.content_type not in FORM_CONTENT_TYPES:
            return 415, (
                "The pages take HTML forms (application/x-www-form-urlencoded or "
                f"multipart/form-data), not {request.content_type or 'a body without a type'}; "
                "the API under /api/ takes JSON."
            )
        try:
            fields = request.POST
        except RequestDataTooBig:
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
            return 413, f"The form sent is over {limit} KiB; no Ludus form takes that much."
        except TooManyFieldsSent:
            return 400, "The form sent has too many fields."
        for key, values in fields.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return 400, "A field of the form holds a NUL character; take it out."
        return None
