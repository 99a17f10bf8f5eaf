"""Ludus's own system checks (`manage.py check`; `check --deploy` for the deploy-tagged ones)."""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register

# CVE-2024-6923: before 3.12.5 the e-mail library writes a newline it decoded from an RFC 2047
# encoded word back into the header unquoted (docs/decisions/0019-bounded-input.md).
PATCHED_PYTHON = (3, 12, 5)
HEADER_SAFE_BACKEND = "campaign.mail.HeaderSafeBackend"


@register(Tags.security, deploy=True)
def python_patched(app_configs, version: tuple = sys.version_info, **kwargs) -> list[Warning]:
    if tuple(version[:3]) >= PATCHED_PYTHON:
        return []
    running = ".".join(map(str, version[:3]))
    return [
        Warning(
            f"Python {running} writes a newline decoded from an RFC 2047 encoded word into an "
            "e-mail header unquoted (CVE-2024-6923, fixed in 3.12.5).",
            hint="Ludus neutralises encoded words itself (campaign/mail.py); run it on Python "
            "3.12.5 or later so the e-mail library guards the headers too.",
            id="ludus.W001",
        )
    ]


@register(Tags.security)
def email_backend_header_safe(app_configs, **kwargs) -> list[Error]:
    if settings.EMAIL_BACKEND == HEADER_SAFE_BACKEND:
        return []
    return [
        Error(
            f"EMAIL_BACKEND is {settings.EMAIL_BACKEND}, not {HEADER_SAFE_BACKEND}: names and "
            "subjects would reach e-mail headers uncleaned.",
            hint="Name the transport in LUDUS_EMAIL_BACKEND; EMAIL_BACKEND stays as settings.py "
            "sets it.",
            id="ludus.E001",
        )
    ]
