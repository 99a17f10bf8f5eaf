"""The fight history page's one selector (the page and its CSV filter alike). It reads the
filter form, which imports the services, so it sits apart from selectors.py, which the
services import."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import QueryDict

from arena.bouts.forms import BoutFilterForm
from arena.bouts.selectors import bouts_filter, bouts_of_campaign
from campaign.models import Campaign

HISTORY_PER_PAGE = 25


def bout_history_page(*, campaign: Campaign, query: QueryDict, page: str | None) -> dict[str, Any]:
    """The fight history page's context: its filters as asked in `query` (the page's query
    without its page number) and one page of the bouts they keep; filters that are not valid
    keep every bout and say why on the form."""
    filters = BoutFilterForm(query or None, campaign=campaign)
    bouts = bouts_of_campaign(campaign=campaign)
    if filters.is_valid():
        bouts = bouts_filter(bouts=bouts, **filters.cleaned_data)
    return {
        "campaign": campaign,
        "page": Paginator(bouts, HISTORY_PER_PAGE).get_page(page),
        "filters": filters,
        "query": query.urlencode(),
    }
