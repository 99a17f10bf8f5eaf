"""`/healthz`: the health report as JSON for a load balancer or supervisor (campaign/health.py).
It reads no session and writes nothing; 200 when every part is well, 503 naming those not."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from . import health


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    report = health.report()
    return JsonResponse(report.as_json(), status=200 if report.ok else 503)
