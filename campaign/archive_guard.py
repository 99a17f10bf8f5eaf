"""An archived campaign is read-only: every request that would change something in it is
refused in words, on the pages (ArchivedGuardMiddleware) and the API (NotArchived, a DRF
permission), before any view or service runs. A private campaign stays invisible to
outsiders: they get the view's own 404, not this refusal."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.permissions import SAFE_METHODS, BasePermission

from campaign.shared.errors import LudusError

from .models import Campaign
from .selectors import AnyUser, campaign_role

# What stays possible in an archived campaign: bringing it back, and asking the worker to
# check a fought bout again (that reads the record; it changes nothing in the campaign).
# Revealing a lore secret changes no game: the GM may still tell the story's end once the
# campaign is archived (record 0085).
ALLOWED = {
    "campaign-archive",
    "api-campaign-archive",
    "bout-verify",
    "api-bout-verify",
    "lore-note-reveal",
    "api-lore-reveal",
}


def archived_refusal(*, slug: str, user: AnyUser) -> str:
    """Why a change to the campaign at `slug` is refused, or "" when it is not archived (or
    the user cannot see it, and the view will answer 404)."""
    campaign = Campaign.objects.filter(slug=slug, archived_at__isnull=False).first()
    return campaign_archived_refusal(campaign=campaign, user=user) if campaign else ""


def campaign_archived_refusal(*, campaign: Campaign, user: AnyUser) -> str:
    """archived_refusal for a campaign row already read (a view that reads it anyway with
    what it acts on, and makes this check itself instead of NotArchived's second read)."""
    if campaign.archived_at is None:
        return ""
    if not campaign.is_public and campaign_role(campaign=campaign, user=user) is None:
        return ""
    return (
        f"{campaign.name} is archived: it can be read but not changed. Its game master can "
        "bring it back into play from the campaign's settings page."
    )


def archived_check(*, campaign: Campaign, user: AnyUser) -> None:
    """LudusError naming the reason when `campaign` (a row already read) is archived."""
    reason = campaign_archived_refusal(campaign=campaign, user=user)
    if reason:
        raise LudusError(reason)


def _guarded(request: HttpRequest, url_name: str | None, kwargs: dict) -> bool:
    return request.method not in SAFE_METHODS and "slug" in kwargs and url_name not in ALLOWED


class ArchivedGuardMiddleware:
    """The pages' half: a POST under an archived campaign's address is refused (400)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs) -> HttpResponse | None:
        if request.path.startswith("/api/") or not request.user.is_authenticated:
            return None  # the API's half is NotArchived; anonymous users are sent to log in
        if not _guarded(request, request.resolver_match.url_name, view_kwargs):
            return None
        reason = archived_refusal(slug=view_kwargs["slug"], user=request.user)
        if not reason:
            return None
        return render(request, "400.html", {"reason": reason}, status=400)


class NotArchived(BasePermission):
    """The API's half: a change under an archived campaign is a 400 naming the reason."""

    def has_permission(self, request, view) -> bool:
        match = request.resolver_match
        if not _guarded(request, match.url_name if match else None, view.kwargs):
            return True
        reason = archived_refusal(slug=view.kwargs["slug"], user=request.user)
        if reason:
            raise LudusError(reason)
        return True
