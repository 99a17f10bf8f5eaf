"""A season's results as the table and the Swiss pairing read them: a fixture fought as a bout
takes its outcome from the bout as it stands (resolved, voided, ...), so the table follows the
worker and the GM without a write of its own; a bye or a forfeit is stored on the fixture."""

from __future__ import annotations

from arena.models import Bout, BoutEntrant

from .models import Season, SeasonEntry, SeasonFixture
from .table import Points, Result, Row, season_table

Outcome = SeasonFixture.Outcome
# A bout that ended without a result: it counts for nobody, and its pair has still met.
NO_RESULT = (Bout.Status.FAILED, Bout.Status.CANCELLED, Bout.Status.VOIDED)


def bout_outcome(status: str, first_place: int | None, second_place: int | None) -> str:
    """The fixture's outcome from its bout: the side the rule set placed strictly better won,
    equal places are a draw; a bout not fought to its end yet is pending."""
    if status in NO_RESULT:
        return Outcome.NONE
    if status != Bout.Status.RESOLVED:
        return Outcome.PENDING
    if first_place == second_place:
        return Outcome.DRAW
    if second_place is None or (first_place is not None and first_place < second_place):
        return Outcome.FIRST
    return Outcome.SECOND


def season_fixtures(season: Season) -> list[SeasonFixture]:
    """Every fixture of the season, each with `result_outcome` (its outcome now) and
    `fought` set, in two queries."""
    fixtures = list(
        season.fixtures.select_related("first__gladiator", "second__gladiator", "bout").defer(
            "bout__log", "bout__engine_input", "bout__state", "bout__terms"
        )
    )
    places = {
        (bout_id, gladiator_id): place
        for bout_id, gladiator_id, place in BoutEntrant.objects.filter(
            bout__fixture__season=season
        ).values_list("bout_id", "gladiator_id", "place")
    }
    for fixture in fixtures:
        fixture.fought = fixture.bout_id is not None
        if fixture.bout is None:
            fixture.result_outcome = fixture.outcome
            continue
        fixture.result_outcome = bout_outcome(
            fixture.bout.status,
            places.get((fixture.bout_id, fixture.first.gladiator_id)),
            places.get((fixture.bout_id, fixture.second.gladiator_id)),
        )
    return fixtures


def results_of(fixtures: list[SeasonFixture]) -> list[Result]:
    return [
        Result(
            round=f.round,
            first=f.first_id,
            second=f.second_id,
            outcome=f.result_outcome,
            fought=f.fought,
        )
        for f in fixtures
    ]


def points_of(season: Season) -> Points:
    return Points(win=season.points_win, draw=season.points_draw, loss=season.points_loss)


def season_standings(
    season: Season, fixtures: list[SeasonFixture] | None = None
) -> list[tuple[Row, SeasonEntry]]:
    """The table as it stands, best first, each row with its entry."""
    fixtures = season_fixtures(season) if fixtures is None else fixtures
    entries = {e.pk: e for e in season.entries.select_related("gladiator__owner")}
    seeds = {pk: e.seed for pk, e in entries.items()}
    rows = season_table(seeds, results_of(fixtures), points_of(season))
    return [(row, entries[row.entry]) for row in rows]
