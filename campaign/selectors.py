from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.http import Http404

from .models import Campaign, Membership

AnyUser = AbstractBaseUser | AnonymousUser


def campaign_role(*, campaign: Campaign, user: AnyUser) -> str | None:
    """The user's role in the campaign ("gm" / "player"), or None for a non-member."""
    if not user.is_authenticated:
        return None
    cache = getattr(campaign, "_role_cache", None)
    if cache is None:
        cache = campaign._role_cache = {}
    if user.pk not in cache:
        cache[user.pk] = (
            Membership.objects.filter(campaign=campaign, user=user)
            .values_list("role", flat=True)
            .first()
        )
    return cache[user.pk]


def campaign_role_remember(*, campaign: Campaign, user: AnyUser, role: str | None) -> None:
    """Keep a role read along with something else (one query instead of two), for the
    campaign_role calls that follow on this campaign object."""
    if user.is_authenticated:
        campaign.__dict__.setdefault("_role_cache", {})[user.pk] = role


def campaign_role_forget(*, campaign: Campaign) -> None:
    """Drop the roles cached on this campaign object after a membership changes."""
    campaign.__dict__.pop("_role_cache", None)


def campaign_is_gm(*, campaign: Campaign, user: AnyUser) -> bool:
    return campaign_role(campaign=campaign, user=user) == Membership.Role.GM


def campaigns_visible(*, user: AnyUser) -> QuerySet[Campaign]:
    """Public campaigns plus the private ones the user belongs to."""
    visible = Q(visibility=Campaign.Visibility.PUBLIC)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return Campaign.objects.filter(visible).distinct()


def campaigns_of(*, user: AnyUser) -> QuerySet[Campaign]:
    if not user.is_authenticated:
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user)


def campaign_get_visible(*, slug: str, user: AnyUser) -> Campaign:
    """The campaign, or Http404: a private campaign does not exist for outsiders."""
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is None:
        raise Http404("No such campaign.")
    if not campaign.is_public and campaign_role(campaign=campaign, user=user) is None:
        raise Http404("No such campaign.")
    return campaign


def invite_code_matches(*, campaign: Campaign, code: str) -> bool:
    """Compared as bytes: secrets.compare_digest refuses str with non-ASCII characters."""
    return secrets.compare_digest(code.strip().encode(), campaign.invite_code.encode())


def campaign_get_joinable(*, slug: str, user: AnyUser, code: str) -> Campaign:
    """The campaign `user` may try to join with `code`, or Http404. A private campaign is
    found by an outsider only with its right code: with a wrong one the answer is the one an
    unknown address gets, so no guess tells a private campaign from none."""
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is not None and invite_code_matches(campaign=campaign, code=code):
        return campaign
    return campaign_get_visible(slug=slug, user=user)


def campaign_members(*, campaign: Campaign) -> QuerySet[Membership]:
    return campaign.memberships.select_related("user").order_by("role", "user__username")
