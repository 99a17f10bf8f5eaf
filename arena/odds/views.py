"""The "Find a fair fight" page of a gladiator (arena/odds/fair_fight.py): a button that asks, and
the proposals, which htmx asks again every two seconds while the worker simulates (asking
again sends nothing new: the questions are known)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from arena.odds.fair_fight import FAIR_FIGHT_CANDIDATES, FAIR_MARGIN, fair_fight_find
from arena.odds.services import TooManyPreviews
from campaign.selectors import campaign_get_visible
from characters.permissions import check_gladiator_control
from characters.selectors import gladiator_get


@require_http_methods(["GET", "POST"])
def fair_fight_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    gladiator = gladiator_get(campaign=campaign, pk=pk)
    check_gladiator_control(gladiator=gladiator, user=request.user)
    context = {
        "campaign": campaign,
        "gladiator": gladiator,
        "candidates": FAIR_FIGHT_CANDIDATES,
        "margin": FAIR_MARGIN // 2,
    }
    status = 200
    if request.method == "POST":
        try:
            proposals = fair_fight_find(gladiator=gladiator, by=request.user)
        except TooManyPreviews as refused:
            context["problem"], status = refused.message, 429
        else:
            context["proposals"] = proposals
            context["pending"] = any(not p.done for p in proposals)
        if request.htmx:
            return render(request, "arena/fair_fight.html#proposals", context, status=status)
    return render(request, "arena/fair_fight.html", context, status=status)
