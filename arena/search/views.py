"""The search page: a box that searches as one types (htmx), and the hits by kind."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaign.selectors import campaign_get_visible
from campaign.shared.errors import LudusError

from .selectors import QUERY_MAX, Found, campaign_search, search_text


@require_GET
def search_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    error = ""
    try:
        text = search_text(request.GET.get("q"))
    except LudusError as refused:
        error, text = refused.message, ""
    found = (
        Found(text, [], [], [])
        if error
        else campaign_search(campaign=campaign, user=request.user, text=text)
    )
    template = "arena/search.html" + ("#results" if request.htmx else "")
    context = {
        "campaign": campaign,
        "found": found,
        "error": error,
        "query_max": QUERY_MAX,
        "q": request.GET.get("q", "")[: QUERY_MAX * 2],
    }
    return render(request, template, context, status=400 if error else 200)
