"""Season reads: a campaign's seasons, one as its visitor may see it, and its page's data
(table and fixtures) in a few queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from campaign.models import Campaign
from campaign.selectors import campaign_get_visible
from campaign.shared.errors import LudusError

from .models import Division, Season, SeasonEntry, SeasonFixture
from .results import season_fixtures, season_standings
from .table import Row


def seasons_of_campaign(*, campaign: Campaign) -> QuerySet[Season]:
    return Season.objects.filter(campaign=campaign).select_related("division")


def divisions_of_campaign(*, campaign: Campaign) -> QuerySet[Division]:
    """The campaign's divisions, the top first."""
    return Division.objects.filter(campaign=campaign).order_by("rank")


def division_of(*, campaign: Campaign, pk: int | None) -> Division | None:
    """The campaign's division of that id (None for none), or a refusal in words."""
    if pk is None:
        return None
    division = divisions_of_campaign(campaign=campaign).filter(pk=pk).first()
    if division is None:
        raise LudusError(f"No division with id {pk} in this campaign.", field="division")
    return division


def division_get(*, campaign: Campaign, pk: int) -> Division:
    """The campaign's division of that id, or Http404 (the campaign is one its visitor sees)."""
    division = divisions_of_campaign(campaign=campaign).select_related("campaign").filter(pk=pk)
    found = division.first()
    if found is None:
        raise Http404("No such division in this campaign.")
    return found


def season_get(*, campaign: Campaign, pk: int) -> Season | None:
    return seasons_of_campaign(campaign=campaign).select_related("campaign").filter(pk=pk).first()


def season_get_visible(*, slug: str, pk: int, user) -> Season:
    """The season of a campaign the user may see, or Http404 (as for the campaign)."""
    season = season_get(campaign=campaign_get_visible(slug=slug, user=user), pk=pk)
    if season is None:
        raise Http404("No such season.")
    return season


def season_entry_of(*, season: Season, gladiator_id: int) -> SeasonEntry:
    """The season's entry of that gladiator, or a refusal in words."""
    entry = (
        season.entries.select_related("gladiator", "season__campaign")
        .filter(gladiator_id=gladiator_id)
        .first()
    )
    if entry is None:
        raise LudusError(f"No gladiator with id {gladiator_id} in this season.", field="gladiator")
    return entry


def last_seasons(divisions: list[Division]) -> dict[int, Season]:
    """Each division's latest season, by division id (a division without one is absent): one
    row a division (PostgreSQL's DISTINCT ON), however many seasons each has played."""
    latest = (
        Season.objects.filter(division__in=divisions)
        .select_related("campaign")
        .order_by("division_id", "-created_at", "-pk")
        .distinct("division_id")
    )
    return {season.division_id: season for season in latest}


@dataclass(frozen=True)
class SeasonView:
    season: Season
    table: list[tuple[Row, SeasonEntry]]
    fixtures: list[SeasonFixture]


def season_view(*, season: Season) -> SeasonView:
    fixtures = season_fixtures(season)
    return SeasonView(season=season, table=season_standings(season, fixtures), fixtures=fixtures)
