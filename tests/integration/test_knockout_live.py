"""A knockout fought through by the real worker: round one's bouts at their time, each winner
carried forward by the settle path, the next bouts scheduled by the worker's message, down to
the champion; duplicate messages change nothing."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Bout, Tournament, TournamentMatch
from arena.tasks import bout_resolve_task, tournament_schedule_task
from arena.tournaments.services import tournament_create
from characters.services import gladiator_create
from tests.integration.conftest import wait_tasks_done

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_champion(tournament: Tournament, timeout: float = 90) -> Tournament:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        time.sleep(0.2)
    matches = list(tournament.matches.values("round", "slot", "winner", "bout__status"))
    raise AssertionError(f"knockout still running after {timeout}s: {matches}")


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
    tournament = wait_for_champion(tournament)

    bouts = Bout.objects.filter(tournament_match__tournament=tournament)
    # Five entrants, three byes: four matches to fight, one fewer than entrants. Each is a bout,
    # or a walkover when a semi-final where both fell sent its higher seed on dead (a few bout
    # seeds in a hundred).
    walkovers = tournament.matches.filter(decided_by=TournamentMatch.Decided.WALKOVER).count()
    assert bouts.count() + walkovers == 4 and walkovers <= 1
    assert set(bouts.values_list("status", flat=True)) == {Bout.Status.RESOLVED}
    final = tournament.matches.select_related("winner__gladiator", "bout").get(round=3)
    assert tournament.champion == final.winner.gladiator
    if final.decided_by == TournamentMatch.Decided.BOUT:
        assert final.bout.entrants.get(gladiator=tournament.champion).place == 1

    # Every message again: nothing is fought, scheduled or decided twice.
    before = list(tournament.matches.values_list("pk", "winner", "bout", "decided_by"))
    again = {bout_resolve_task.delay(bout.pk).id for bout in bouts}
    again.add(tournament_schedule_task.delay(tournament.pk).id)
    wait_tasks_done("fights", ids=again)
    assert list(tournament.matches.values_list("pk", "winner", "bout", "decided_by")) == before
    assert Bout.objects.filter(tournament_match__tournament=tournament).count() == len(bouts)
    assert Bout.objects.filter(campaign=campaign).count() == len(bouts)
