"""A GladiatorQuest campaign with eight gladiators of two players, and a helper that plays a
knockout through: the worker's part (resolve every due bout, schedule what became ready) done
in the test's own process."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout, Tournament
from arena.tournaments.services import tournament_create, tournament_schedule_ready
from characters.services import gladiator_create

NAMES = ["Aulus", "Brutus", "Crixus", "Decimus", "Eros", "Flamma", "Gannicus", "Hilarus"]
KINDS = ["barbarian", "dwarf", "elf", "wizard"]


@pytest.fixture
def eight(campaign, owner, rival):
    return [
        gladiator_create(
            campaign=campaign, by=(owner, rival)[n % 2], name=name, kind=KINDS[n % len(KINDS)]
        )
        for n, name in enumerate(NAMES)
    ]


@pytest.fixture
def knockout(campaign, gm):
    """knockout(gladiators, **kwargs): a tournament starting a second ago."""

    def make(gladiators, **kwargs) -> Tournament:
        kwargs.setdefault("starts_at", timezone.now() - timedelta(seconds=1))
        kwargs.setdefault("seed", 11)
        return tournament_create(campaign=campaign, by=gm, gladiators=gladiators, **kwargs)

    return make


def fight_due(tournament: Tournament) -> int:
    """Resolve every due bout of the tournament, then schedule the matches that became ready
    (what the settle hook asks the worker to do). Returns how many bouts were fought."""
    due = Bout.objects.filter(
        tournament_match__tournament=tournament,
        status=Bout.Status.SCHEDULED,
        scheduled_at__lte=timezone.now(),
    ).values_list("pk", flat=True)
    fought = sum(bout_resolve(bout_id=pk) is not None for pk in list(due))
    tournament_schedule_ready(tournament_id=tournament.pk)
    return fought


def fight_to_the_end(tournament: Tournament, *, most_rounds: int = 8) -> None:
    for _ in range(most_rounds):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return
        fight_due(tournament)
    tournament.refresh_from_db()
