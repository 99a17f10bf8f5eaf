"""The sign-in lockout: after LUDUS_LOGIN_FAILURES failed sign-ins for one user name from one
address within LUDUS_LOGIN_WINDOW_SECONDS, that pair is refused until the window ends.

Keyed by name *and* address: somebody guessing a player's password from elsewhere does not
lock the player out. The counters live in the cache (shared by all web processes in
production, docs/configuration.md); a success clears them.
"""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the one the trusted proxies saw (their count is
    LUDUS_PROXY_COUNT; each appends the address it was called from to X-Forwarded-For)."""
    proxies = settings.LUDUS_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        return hops[-min(proxies, len(hops))]
    return request.META.get("REMOTE_ADDR", "")


def _key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{username.casefold()}\n{ip}".encode()).hexdigest()
    return f"login-failures:{digest}"


def login_lockout_left(*, username: str, ip: str) -> int:
    """Seconds until this name may try again from this address; 0 when it may now."""
    key = _key(username, ip)
    found = cache.get_many([key, f"{key}:start"])
    if found.get(key, 0) < settings.LUDUS_LOGIN_FAILURES:
        return 0
    started = found.get(f"{key}:start", time.time())
    return max(1, math.ceil(started + settings.LUDUS_LOGIN_WINDOW_SECONDS - time.time()))


def login_failed(*, username: str, ip: str) -> None:
    """Count one failure in the current window, which starts at the first failure. add + incr
    are atomic in Redis, so a burst of parallel guesses is counted in full."""
    key = _key(username, ip)
    window = settings.LUDUS_LOGIN_WINDOW_SECONDS
    cache.add(f"{key}:start", time.time(), timeout=window)
    cache.add(key, 0, timeout=window)
    try:
        cache.incr(key)
    except ValueError:  # the window ended between add and incr: this failure opens a new one
        cache.set(key, 1, timeout=window)


def login_succeeded(*, username: str, ip: str) -> None:
    key = _key(username, ip)
    cache.delete_many([key, f"{key}:start"])


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (
        f"Too many failed sign-ins for this name from your address. Try again in {minutes} "
        f"minute{'s' if minutes != 1 else ''}, or ask the game master to check your account."
    )
