"""The hall of fame and a gladiator's head-to-head page: whoever may read the campaign may
read them (a private campaign's are not found for outsiders)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from campaign.selectors import campaign_get_visible
from characters.catalogue import adapter
from characters.selectors import gladiator_get

from .selectors import hall_of_fame, rivalries_of


@require_GET
def hall_of_fame_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    record = adapter(campaign.ruleset).record
    boards = hall_of_fame(campaign=campaign, now=timezone.now(), wins_word=record.wins)
    return render(request, "arena/hall_of_fame.html", {"campaign": campaign, "boards": boards})


@require_GET
def head_to_head_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    context = {
        "campaign": campaign,
        "gladiator": gladiator,
        "rivalries": rivalries_of(gladiator=gladiator),
    }
    return render(request, "arena/head_to_head.html", context)
