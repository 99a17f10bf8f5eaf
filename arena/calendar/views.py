"""The calendar feed's URL: its token is its only key, so it needs no session (a calendar
program fetches it); a token retired or never given is a plain 404."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from arena.calendar.feed import calendar_of
from campaign.calendar_keys import calendar_owner


@require_GET
def calendar_feed_view(request: HttpRequest, token: str) -> HttpResponse:
    user = calendar_owner(token)
    if user is None:
        raise Http404("No calendar has this link (it was replaced or turned off).")
    response = HttpResponse(
        calendar_of(user, now=timezone.now()), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, no-store"
    response["Content-Disposition"] = 'inline; filename="ludus.ics"'
    return response
