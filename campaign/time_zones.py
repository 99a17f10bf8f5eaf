"""The viewer's time zone: stored per user (UserSettings.time_zone), kept in the session so
that a page costs no query for it, and made Django's current zone for the request, so every
`|date` and the `when` filter (templatetags/times.py) give the viewer's local time.

Until a user chooses one, the first page their browser loads sends the browser's own zone
(static/js/ludus.js), which is saved unless a zone is already set (docs/time.md)."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import cache

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import UserSettings

SESSION_KEY = "time_zone"


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this machine knows, sorted: the choices of the setting."""
    return tuple(sorted(zoneinfo.available_timezones()))


def is_zone(name: str) -> bool:
    return name in zone_names()


def zone_of(user: AbstractBaseUser | None) -> str:
    """The user's saved zone name, "" when they have none (or are nobody)."""
    if user is None or not user.is_authenticated:
        return ""
    row = UserSettings.objects.filter(user=user).values_list("time_zone", flat=True).first()
    return row or ""


def tzinfo_of(name: str) -> zoneinfo.ZoneInfo:
    """The zone of that name, UTC for "" (no setting) or a name this machine does not know."""
    return zoneinfo.ZoneInfo(name if name and is_zone(name) else "UTC")


def zone_save(*, user: AbstractBaseUser, name: str, only_if_unset: bool = False) -> bool:
    """Save the user's zone; False (nothing changed) when `only_if_unset` and one is set."""
    row, _ = UserSettings.objects.get_or_create(user=user)
    if only_if_unset and row.time_zone:
        return False
    row.time_zone = name
    row.save(update_fields=["time_zone"])
    return True


@receiver(user_logged_in)
def _remember_at_login(sender, request: HttpRequest | None, user: AbstractBaseUser, **kwargs):
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = zone_of(user)


class TimeZoneMiddleware:
    """After AuthenticationMiddleware: the viewer's zone is the current zone of the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = ""
        if request.user.is_authenticated:
            if SESSION_KEY not in request.session:  # a session older than the setting
                request.session[SESSION_KEY] = zone_of(request.user)
            name = request.session[SESSION_KEY]
        request.time_zone_set = bool(name)
        timezone.activate(tzinfo_of(name))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
