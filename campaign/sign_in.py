"""Signing in: one user name, read one way, and one lockout over every way in.

The page, the token endpoint and the admin all call Django's authenticate(). django-axes sits
first among the backends and refuses a name locked out at this address; the model backend
below then checks the password. Both read the name through `sign_in_name`, so a name with a
space, a tab or a compatibility form of a letter is the same name to the lockout and to the
password check (settings.py, "Sign-in lockout"; docs/security.md).
"""

from __future__ import annotations

import ipaddress
import math
import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

# The width of axes' AccessAttempt.username.
LOCKOUT_NAME_MAX = 255


def sign_in_name(raw: str) -> str:
    """A user name as typed, read as Django stores one: NFKC (AbstractBaseUser.normalize_username,
    which sign-up applies) without surrounding whitespace (the sign-in form and DRF trim it)."""
    return unicodedata.normalize("NFKC", raw).strip()


def lockout_name(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The name the lockout counts under (AXES_USERNAME_CALLABLE): `sign_in_name`, case-folded.
    Sign-up refuses a name that differs from another only in case, so every casing of a name
    is one person's, and guessing in capitals counts against the same lock."""
    raw = (credentials or {}).get("username")
    if not isinstance(raw, str):
        return None
    # NFKC can lengthen a name (one ligature is 18 letters): cut it to the width of axes'
    # column. No account's name is that long, so nobody else's count is touched.
    return sign_in_name(raw).casefold()[:LOCKOUT_NAME_MAX]


class NormalisedNameBackend(ModelBackend):
    """Django's model backend, checking the password of the name `sign_in_name` reads."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if isinstance(username, str):
            username = sign_in_name(username)
        return super().authenticate(request, username=username, password=password, **kwargs)


# The backend a user signed in by sign-up is recorded under (settings.AUTHENTICATION_BACKENDS).
SIGN_IN_BACKEND = f"{NormalisedNameBackend.__module__}.{NormalisedNameBackend.__qualname__}"


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, or the one the trusted proxies saw (their count is
    LUDUS_PROXY_COUNT; each appends the address it was called from to X-Forwarded-For). None
    when that is not an address (a misconfigured proxy count): the lockout then counts the
    name alone among such requests, and the database is never handed a non-address."""
    proxies = settings.LUDUS_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        found = hops[-min(proxies, len(hops))]
    else:
        found = request.META.get("REMOTE_ADDR", "")
    try:
        return str(ipaddress.ip_address(found))
    except ValueError:
        return None


def locked_out(request: Any) -> bool:
    """Whether axes refused (or has just locked) the sign-in this request tried."""
    return bool(getattr(request, "axes_locked_out", False))


def lockout_seconds_left(request: Any, username: str) -> int:
    """Seconds until this name may sign in again from this request's address (at least 1)."""
    from axes.models import AccessAttempt  # the model of an app; this module is imported early

    cool_off = settings.AXES_COOLOFF_TIME
    last = (
        AccessAttempt.objects.filter(
            username=lockout_name(request, {"username": username}),
            ip_address=client_ip(request),
        )
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    if last is None:
        return math.ceil(cool_off.total_seconds())
    return max(1, math.ceil((last + cool_off - timezone.now()).total_seconds()))


def lockout_refusal(request: Any, username: str) -> str:
    """The reason a locked-out sign-in is refused, in words; the request remembers that it was
    given (lockout_response keeps the page that gives it)."""
    request.lockout_told = True
    return lockout_message(lockout_seconds_left(request, username))


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (
        f"Too many failed sign-ins for this name from your address. Try again in {minutes} "
        f"minute{'s' if minutes != 1 else ''}, or ask the site's staff to check your account."
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials=None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: a locked-out sign-in is a 429. The sign-in forms (page and admin)
    already say why on the page they answer with; a way in that does not gets the reason as
    text."""
    if original_response is not None and getattr(request, "lockout_told", False):
        original_response.status_code = 429
        return original_response
    username = (credentials or {}).get("username") or ""
    seconds = lockout_seconds_left(request, username if isinstance(username, str) else "")
    return HttpResponse(
        lockout_message(seconds), status=429, content_type="text/plain; charset=utf-8"
    )
