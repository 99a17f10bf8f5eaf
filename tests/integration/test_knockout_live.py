"""A knockout fought through by the real worker: drawn by the tournaments' service, a knockout
season with round one's bouts at their time; each later round called by the message the
worker still hears for knockouts (`tournament_schedule_task`), down to the champion, the
season finished by beat's sweep; duplicate messages change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Bout, Season, SeasonFixture
from arena.seasons.results import season_fixtures
from arena.seasons.services import season_winner
from arena.tasks import bout_resolve_task, bouts_sweep_due_task, tournament_schedule_task
from arena.tournaments.services import tournament_create
from characters.services import gladiator_create
from tests.integration.conftest import wait_tasks_done, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def round_decided(season: Season, number: int) -> bool:
    fixtures = [f for f in season_fixtures(season) if f.round == number]
    return all(f.result_outcome != SeasonFixture.Outcome.PENDING for f in fixtures)


def test_the_worker_fights_a_knockout_to_its_champion(
    celery_worker_process, campaign, gm, owner, rival
):
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(
            [("Aulus", "barbarian"), ("Brutus", "dwarf"), ("Crixus", "elf"),
             ("Decimus", "wizard"), ("Eros", "barbarian")]
        )
    ]  # fmt: skip
    tournament = tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=gladiators,
        starts_at=timezone.now() + timedelta(seconds=1),
    )
    season = Season.objects.get(pk=tournament.pk)
    assert season.rounds == 3 and season.rounds_played == 1
    for number in (1, 2, 3):
        wait_until(lambda n=number: round_decided(season, n), timeout=60, what=f"round {number}")
        if number < 3:
            sent = {tournament_schedule_task.delay(tournament.number).id for _ in range(2)}
            wait_tasks_done("fights", ids=sent)
            season.refresh_from_db()
            assert season.rounds_played == number + 1  # played once, however many messages
    wait_tasks_done("fights", ids={bouts_sweep_due_task.delay().id})
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED

    bouts = Bout.objects.filter(fixture__season=season)
    # Five entrants, three byes: four matches to fight, one fewer than entrants. Each is a bout,
    # or a forfeit when a semi-final where both fell sent its higher seed on dead.
    forfeits = season.fixtures.filter(bout__isnull=True).count()
    assert bouts.count() + forfeits == 4 and forfeits <= 1
    assert set(bouts.values_list("status", flat=True)) == {Bout.Status.RESOLVED}
    final = season.fixtures.select_related("bout").get(match="W3.1")
    champion = season_winner(season).gladiator
    if final.bout is not None:
        assert final.bout.entrants.get(gladiator=champion).place == 1

    # Every message again: nothing is fought, scheduled or decided twice.
    before = list(season.fixtures.values_list("pk", "outcome", "bout"))
    again = {bout_resolve_task.delay(bout.pk).id for bout in bouts}
    again.add(tournament_schedule_task.delay(tournament.number).id)
    wait_tasks_done("fights", ids=again)
    assert list(season.fixtures.values_list("pk", "outcome", "bout")) == before
    assert Bout.objects.filter(campaign=campaign).count() == len(bouts)
