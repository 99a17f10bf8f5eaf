"""A knockout seeded by rating: the highest rating is the top seed; equal ratings (every
unrated gladiator's 0) go by wins, then by name. The standings' seeding, for comparison,
puts wins first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.models import Tournament
from arena.tournaments import tournament_create
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(campaign, owner, rival, brutus, nox, fight):
    """Brutus beat Nox (seed 8); Crixus and Spartacus are unrated."""
    crixus = gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    spartacus = gladiator_create(campaign=campaign, by=rival, name="Spartacus", kind="elf")
    assert fight([brutus, nox], seed=8).winner == "Brutus", "seed 8 should give Brutus the win"
    return [nox, spartacus, brutus, crixus]


def seeds(tournament: Tournament) -> list[str]:
    return [e.gladiator.name for e in tournament.entries.select_related("gladiator")]


@pytest.mark.parametrize(
    ("seeding", "expected"),
    [
        (Tournament.Seeding.RATING, ["Brutus", "Crixus", "Spartacus", "Nox"]),
        (Tournament.Seeding.STANDINGS, ["Brutus", "Crixus", "Nox", "Spartacus"]),
    ],
)
def test_a_knockout_seeds_by_rating_when_asked(campaign, gm, four, seeding, expected):
    tournament = tournament_create(
        campaign=campaign,
        by=gm,
        gladiators=four,
        starts_at=timezone.now() + timedelta(hours=1),
        seeding=seeding,
    )
    assert seeds(tournament) == expected


def test_the_api_takes_rating_seeding(campaign, api_as, gm, four):
    response = api_as(gm).post(
        f"/api/campaigns/{campaign.slug}/tournaments/",
        {
            "gladiators": [g.pk for g in four],
            "starts_at": (timezone.now() + timedelta(hours=1)).isoformat(),
            "seeding": "rating",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["seeding"] == "rating"
    assert seeds(Tournament.objects.get()) == ["Brutus", "Crixus", "Spartacus", "Nox"]
