"""The GM's forms: the missed-turn policy (campaign page) and more time for a turn (bout page)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from arena.bouts.selectors import bout_get_visible
from arena.bouts.views import bout_detail
from arena.play.views import posted_turn
from campaign.selectors import campaign_get_visible
from campaign.shared.errors import LudusError
from campaign.shared.pages import refused
from campaign.views import campaign_detail

from .deadlines import bout_deadline_extend
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


@login_required
@require_POST
def bout_deadline_extend_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The GM's "more time" form on the bout page: hours and a reason."""
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    try:
        extension = bout_deadline_extend(
            bout=bout,
            by=request.user,
            turn=posted_turn(request),
            hours=request.POST.get("hours", ""),
            reason=request.POST.get("reason", ""),
        )
    except LudusError as error:
        messages.error(request, error.message)
        return refused(request, lambda: bout_detail(request, slug, pk))
    messages.success(
        request,
        f"{bout.step.title} {extension.turn}'s deadline is {extension.hours} hours later.",
    )
    return redirect("bout", slug=slug, pk=pk)
