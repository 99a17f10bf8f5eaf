"""Seasons in a GladiatorQuest campaign with six gladiators of two players, and the worker's
part played in the test's own process: make the next round due, play it, fight its bouts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Bout, Season
from arena.seasons.services import season_finish_if_done, season_open, season_round_play
from arena.services import bout_resolve
from characters.services import gladiator_create

NAMES = ["Aulus", "Brutus", "Crixus", "Decimus", "Eros", "Flamma", "Gannicus", "Hilarus"]
KINDS = ["barbarian", "dwarf", "elf", "wizard"]
SOON = timedelta(hours=1)


@pytest.fixture
def stable(campaign, owner, rival):
    """stable(n): n gladiators, the owner's and the rival's in turn."""

    def make(n: int):
        return [
            gladiator_create(
                campaign=campaign, by=(owner, rival)[i % 2], name=NAMES[i], kind=KINDS[i % 4]
            )
            for i in range(n)
        ]

    return make


@pytest.fixture
def open_season(campaign, gm):
    def make(gladiators, **kwargs) -> Season:
        kwargs.setdefault("title", "Spring league")
        kwargs.setdefault("format", Season.Format.ROUND_ROBIN)
        kwargs.setdefault("first_round_at", timezone.now() + SOON)
        return season_open(campaign=campaign, by=gm, gladiators=gladiators, **kwargs)

    return make


def make_due(season: Season) -> None:
    """Move the calendar: the next round's time is now."""
    Season.objects.filter(pk=season.pk).update(next_round_at=timezone.now())


def play_round(season: Season) -> int:
    """The next round made due, played, and its bouts fought. Returns bouts scheduled."""
    make_due(season)
    scheduled = season_round_play(season_id=season.pk)
    for pk in Bout.objects.filter(fixture__season=season, status=Bout.Status.SCHEDULED).values_list(
        "pk", flat=True
    ):
        bout_resolve(bout_id=pk)
    season_finish_if_done(season_id=season.pk)
    season.refresh_from_db()
    return scheduled
