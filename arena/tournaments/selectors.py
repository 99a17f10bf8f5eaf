"""Knockout reads: a campaign's tournaments, one of them as its visitor may see it, and its
bracket with everything the page and the API show in one query."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from arena.models import Tournament, TournamentMatch
from campaign.models import Campaign
from campaign.selectors import campaign_get_visible


def tournaments_of_campaign(*, campaign: Campaign) -> QuerySet[Tournament]:
    return Tournament.objects.filter(campaign=campaign).select_related("champion")


def tournament_get(*, campaign: Campaign, pk: int) -> Tournament | None:
    return tournaments_of_campaign(campaign=campaign).filter(pk=pk).first()


def tournament_get_visible(*, slug: str, pk: int, user) -> Tournament:
    """The tournament of a campaign the user may see, or Http404 (as for the campaign)."""
    tournament = tournament_get(campaign=campaign_get_visible(slug=slug, user=user), pk=pk)
    if tournament is None:
        raise Http404("No such tournament.")
    return tournament


def tournament_matches(*, tournament: Tournament) -> list[TournamentMatch]:
    return list(
        tournament.matches.select_related(
            "first__gladiator__owner", "second__gladiator__owner", "winner__gladiator", "bout"
        ).defer("bout__log", "bout__engine_input", "bout__state")
    )
