"""The GM's missed-turn policy form (the record itself shows on the campaign page)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from campaign.views import campaign_detail, refused

from .services import missed_turn_policy_set


@login_required
@require_POST
def missed_turn_policy_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        missed_turn_policy_set(
            campaign=campaign,
            by=request.user,
            excused_allowed=request.POST.get("excused_allowed", ""),
            disorder_after=request.POST.get("disorder_after", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: campaign_detail(request, campaign.slug))
    messages.success(request, "Missed-turn policy saved.")
    return redirect("campaign", slug=campaign.slug)
