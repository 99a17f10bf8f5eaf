"""A round robin and a Swiss season played to their end by the real worker: each round made
due by moving the calendar (no waiting for days), its message sent twice, its bouts fought by
the worker, the season finished by the beat sweep once its last round is decided."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Bout, Season, SeasonFixture
from arena.seasons.results import season_fixtures, season_standings
from arena.seasons.services import season_open
from arena.tasks import bouts_sweep_due_task, season_round_task
from characters.services import gladiator_create

from .conftest import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def round_decided(season: Season, number: int) -> bool:
    fixtures = [f for f in season_fixtures(season) if f.round == number]
    return bool(fixtures) and all(
        f.result_outcome != SeasonFixture.Outcome.PENDING for f in fixtures
    )


@pytest.mark.parametrize(
    ("format", "rounds"), [(Season.Format.ROUND_ROBIN, None), (Season.Format.SWISS, 3)]
)
def test_the_worker_plays_a_season_to_its_final_table(
    celery_worker_process, campaign, gm, owner, rival, format, rounds
):
    gladiators = [
        gladiator_create(campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=kind)
        for n, (name, kind) in enumerate(
            [("Aulus", "barbarian"), ("Brutus", "dwarf"), ("Crixus", "elf"), ("Decimus", "wizard")]
        )
    ]
    season = season_open(
        campaign=campaign,
        by=gm,
        title="Winter league",
        format=format,
        rounds=rounds,
        gladiators=gladiators,
        first_round_at=timezone.now() + timedelta(hours=1),
        round_days=1,
    )
    for number in (1, 2, 3):
        Season.objects.filter(pk=season.pk).update(next_round_at=timezone.now())
        season_round_task.delay(season.pk)
        season_round_task.delay(season.pk)  # a repeated message plays nothing twice
        wait_until(lambda n=number: round_decided(season, n), timeout=60, what=f"round {number}")
        season.refresh_from_db()
        assert season.rounds_played == number
        assert season.next_round_at is None or season.next_round_at > timezone.now()
    bouts = Bout.objects.filter(fixture__season=season)
    # One bout per fixture fought (a gladiator killed earlier forfeits instead, or in a Swiss
    # season is paired no more), every one resolved by the worker, none twice.
    assert bouts.count() == season.fixtures.filter(bout__isnull=False).count() > 0
    assert set(bouts.values_list("status", flat=True)) == {Bout.Status.RESOLVED}
    assert season.fixtures.values("round").distinct().count() == 3

    bouts_sweep_due_task.delay()  # beat's sweep finishes the season
    wait_until(
        lambda: Season.objects.get(pk=season.pk).status == Season.Status.FINISHED,
        timeout=30,
        what="the season finished",
    )
    rows = [row for row, _ in season_standings(season)]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    byes = season.fixtures.filter(outcome=SeasonFixture.Outcome.BYE).count()
    assert sum(r.won for r in rows) == sum(r.lost for r in rows) + byes  # a bye is a win
    assert Bout.objects.filter(campaign=campaign).count() == bouts.count()
