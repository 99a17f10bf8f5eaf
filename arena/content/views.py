"""The GM takes an item of their own content out of the campaign, from the content page: an
"are you sure?" first (campaign/confirm.py), refused in words while a gladiator is that champion
or a bout not yet fought uses it (arena/content/services.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from arena.content.services import content_delete
from campaign.confirm import confirm_page
from campaign.models import CampaignContent
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError


@login_required
@require_http_methods(["GET", "POST"])
def content_remove_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    item = get_object_or_404(CampaignContent, campaign=campaign, pk=pk)
    name = item.data.get("name", item.key)
    if request.method == "GET":
        return confirm_page(
            request,
            question=f"Take {name} out of the campaign? Bouts already fought keep it in their "
            "replays.",
            yes="Yes, take it out",
            back=reverse("campaign-content", args=[campaign.slug]),
            campaign=campaign,
        )
    try:
        content_delete(campaign=campaign, by=request.user, item_id=item.pk)
    except LudusError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"{name} was taken out of the campaign.")
    return redirect("campaign-content", slug=campaign.slug)
