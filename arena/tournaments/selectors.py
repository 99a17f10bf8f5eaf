"""Knockout reads for the tournament paths: a campaign's knockout seasons, one of them by its
number (arena/tournaments/models.py), and its bracket as the tournaments' API lists it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from arena.seasons import elimination
from arena.seasons.models import SeasonFixture
from arena.seasons.results import season_fixtures
from arena.seasons.services import bracket_winners, season_bracket, season_winner
from arena.tournaments.models import Tournament
from campaign.models import Campaign
from campaign.selectors import campaign_get_visible
from characters.models import Gladiator

Outcome = SeasonFixture.Outcome


def tournaments_of_campaign(*, campaign: Campaign) -> QuerySet[Tournament]:
    return Tournament.objects.filter(campaign=campaign).select_related("campaign")


def tournament_of_number(knockouts: QuerySet[Tournament], number: int) -> Tournament | None:
    """The knockout of that number: the one carried from the tournaments' table with that old
    id, else the knockout season of that id (seasons opened after the carry have ids above
    every old one, so the two never clash for them)."""
    return (
        knockouts.filter(old_tournament_id=number).first()
        or knockouts.filter(pk=number, old_tournament_id__isnull=True).first()
    )


def tournament_get(*, campaign: Campaign, pk: int) -> Tournament | None:
    return tournament_of_number(tournaments_of_campaign(campaign=campaign), pk)


def tournament_get_visible(*, slug: str, pk: int, user) -> Tournament:
    """The knockout of a campaign the user may see, or Http404 (as for the campaign)."""
    tournament = tournament_get(campaign=campaign_get_visible(slug=slug, user=user), pk=pk)
    if tournament is None:
        raise Http404("No such tournament.")
    return tournament


def tournament_champion(tournament: Tournament) -> Gladiator | None:
    """The finished knockout's champion; None while it runs, or once called off."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    return season_winner(tournament).gladiator


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """One place in the bracket as the tournaments' API lists it (slot 0 is the top)."""

    round: int
    slot: int
    first_seed: int | None
    second_seed: int | None
    winner_seed: int | None
    decided_by: str  # "", "bout", "bye", "no_winner" or "walkover"
    bout_id: int | None
    bout_status: str | None


def _decided_by(standing: elimination.Standing, fixture: SeasonFixture | None) -> str:
    if standing.first is None or standing.second is None:
        return "bye"
    if not standing.decided or fixture is None:
        return ""
    if fixture.result_outcome in (Outcome.FIRST, Outcome.SECOND):
        return "bout" if fixture.bout_id is not None else "walkover"
    return "no_winner"


def tournament_matches(*, tournament: Tournament) -> list[KnockoutMatch]:
    """Every match of the bracket, known or not, round by round."""
    fixtures = season_fixtures(tournament)
    bracket = season_bracket(tournament)
    standings = elimination.resolve(bracket, bracket_winners(tournament, fixtures))
    by_match = {f.match: f for f in fixtures if f.match}
    matches = []
    for match in bracket:
        standing, fixture = standings[match.key], by_match.get(match.key)
        number, place = match.key.removeprefix("W").split(".")
        matches.append(
            KnockoutMatch(
                round=int(number),
                slot=int(place) - 1,
                first_seed=standing.first or None,
                second_seed=standing.second or None,
                winner_seed=standing.winner or None if standing.decided else None,
                decided_by=_decided_by(standing, fixture),
                bout_id=fixture.bout_id if fixture else None,
                bout_status=fixture.bout.status if fixture and fixture.bout else None,
            )
        )
    return matches
