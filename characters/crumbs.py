"""The gladiator sheet's breadcrumb: back to the list or bout the player came from.

A sheet is reached from the stable, the standings (sorted, filtered, on some page), the
graveyard, the fight history or a bout. The browser's Referer (same origin; Django's default
policy sends it) says which, with its query, so "back" returns to the very page and row set.
The sheet's own pages (its shop, its forms) are not places to go back to: for those, the
origin seen last for this gladiator is kept in the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.http import HttpRequest
from django.urls import Resolver404, resolve

from arena.models import Bout

# url name -> label of the pages a sheet is opened from
ORIGINS = {
    "stable": "Your stable",
    "standings": "Standings",
    "graveyard": "Graveyard",
    "bout-history": "Fight history",
    "bout": "",  # the bout's own title
}


@dataclass(frozen=True)
class Crumb:
    label: str
    url: str


def _origin(request: HttpRequest, slug: str) -> Crumb | None:
    referer = urlsplit(request.headers.get("referer", ""))
    if referer.netloc != request.get_host():
        return None
    try:
        match = resolve(referer.path)
    except Resolver404:
        return None
    if match.url_name not in ORIGINS or match.kwargs.get("slug") != slug:
        return None
    url = referer.path + (f"?{referer.query}" if referer.query else "")
    label = ORIGINS[match.url_name]
    if match.url_name == "bout":
        title = Bout.objects.filter(pk=match.kwargs["pk"], campaign__slug=slug).values_list(
            "title", flat=True
        )
        label = next(iter(title), "") or "The bout"
    return Crumb(label, url)


def sheet_crumb(request: HttpRequest, slug: str, gladiator_pk: int) -> Crumb | None:
    """Where the sheet's breadcrumb leads back to; None: the campaign's standings."""
    key = f"sheet-origin:{gladiator_pk}"
    crumb = _origin(request, slug)
    if crumb is not None:
        if request.session.get(key) != [crumb.label, crumb.url]:
            request.session[key] = [crumb.label, crumb.url]
        return crumb
    kept = request.session.get(key)
    return Crumb(*kept) if kept else None
