"""Rate limits that pages and the API share: DRF's throttles, asked by the views of both, so
that one counter holds whichever way a request comes (docs/security.md section 5)."""

from __future__ import annotations

import math

from rest_framework.throttling import SimpleRateThrottle

from .sign_in import client_ip


class SignupThrottle(SimpleRateThrottle):
    """Accounts made per client address (LUDUS_THROTTLE_SIGNUP). The sign-up page asks only
    once the form is valid, so a mistyped password costs nothing."""

    scope = "signup"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or ""}


class VerifyThrottle(SimpleRateThrottle):
    """Bout verifications queued per user (LUDUS_THROTTLE_VERIFY); only users may queue one."""

    scope = "verify"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class EmailConfirmThrottle(SimpleRateThrottle):
    """Confirmation links mailed per user (LUDUS_THROTTLE_EMAIL_CONFIRM): nobody floods an
    address that is not theirs from the account page."""

    scope = "email_confirm"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class PasswordResetThrottle(SimpleRateThrottle):
    """Password reset requests per client address (LUDUS_THROTTLE_PASSWORD_RESET), counted
    whether the address asked about is known or not, so the limit tells nothing about it."""

    scope = "password_reset"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or ""}


def wait_in_words(seconds: float | None) -> str:
    """A throttle's wait as a message says it: in whole minutes, at least one."""
    minutes = max(1, math.ceil((seconds or 60) / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
