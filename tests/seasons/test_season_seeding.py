"""A season's seeding: as given, a random draw anyone can redo from its public seed, by the
standings or by rating (the highest first; equal ratings, every unrated gladiator's 0, go by
wins, then by name). A bad seeding is refused in words and opens nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Season
from arena.seasons.bracket import seeded_at_random
from campaign.shared.errors import LudusError
from characters.services import gladiator_create
from tests.characters.conftest import fight  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(campaign, owner, rival, brutus, nox, fight):  # noqa: F811
    """Brutus beat Nox (seed 8); Crixus and Spartacus are unrated."""
    crixus = gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    spartacus = gladiator_create(campaign=campaign, by=rival, name="Spartacus", kind="elf")
    assert fight([brutus, nox], seed=8).winner == "Brutus", "seed 8 should give Brutus the win"
    return [nox, spartacus, brutus, crixus]


def seeds(season: Season) -> list[str]:
    return [e.gladiator.name for e in season.entries.select_related("gladiator")]


def test_entrants_are_seeded_in_the_order_given_by_default(open_season, four):
    season = open_season(four, format=Season.Format.KNOCKOUT)
    assert season.seeding == Season.Seeding.GIVEN
    assert season.seed is None
    assert seeds(season) == ["Nox", "Spartacus", "Brutus", "Crixus"]


@pytest.mark.parametrize(
    ("seeding", "expected"),
    [
        (Season.Seeding.RATING, ["Brutus", "Crixus", "Spartacus", "Nox"]),
        (Season.Seeding.STANDINGS, ["Brutus", "Crixus", "Nox", "Spartacus"]),
    ],
)
def test_a_knockout_season_seeds_by_rating_or_standings(open_season, four, seeding, expected):
    season = open_season(four, format=Season.Format.KNOCKOUT, seeding=seeding)
    assert seeds(season) == expected
    assert season.seeding == seeding


def test_a_random_draw_is_redone_from_its_seed(open_season, four):
    """The draw shuffles the gladiators in id order by the seed alone: the same seed gives
    the same seeds, and the bracket's arithmetic redoes it."""
    season = open_season(four, format=Season.Format.KNOCKOUT, seeding="random", seed=12345)
    by_id = sorted(four, key=lambda g: g.pk)
    assert seeds(season) == [g.name for g in seeded_at_random(by_id, 12345)]
    again = open_season(
        list(reversed(four)), format=Season.Format.ROUND_ROBIN, seeding="random", seed=12345
    )
    assert seeds(again) == seeds(season)
    assert (season.seed, again.seed) == (12345, 12345)


def test_a_random_draw_without_a_seed_stores_the_one_it_drew(open_season, four):
    season = open_season(four, format=Season.Format.KNOCKOUT, seeding="random")
    assert season.seed is not None
    by_id = sorted(four, key=lambda g: g.pk)
    assert seeds(season) == [g.name for g in seeded_at_random(by_id, season.seed)]


@pytest.mark.parametrize(
    ("seeding", "seed", "words"),
    [
        ("given", 7, "A seed is given only to a random seeding."),
        ("elo", None, "Seeding is one of: given, random, standings, rating."),
        ("random", 2**48, "The seed is 0 to 281474976710655, not 281474976710656."),
    ],
)
def test_a_bad_seeding_is_refused_and_opens_nothing(open_season, four, seeding, seed, words):
    with pytest.raises(LudusError) as refused:
        open_season(four, format=Season.Format.KNOCKOUT, seeding=seeding, seed=seed)
    assert refused.value.message == words
    assert not Season.objects.exists()


def post_knockout(api, campaign, gladiators, seeding: str):
    body = {
        "title": "Rated knockout",
        "format": "knockout",
        "gladiators": [g.pk for g in gladiators],
        "first_round_at": (timezone.now() + timedelta(hours=1)).isoformat(),
        "seeding": seeding,
    }
    return api.post(f"/api/campaigns/{campaign.slug}/seasons/", body, format="json")


def test_the_api_opens_a_season_seeded_by_rating(campaign, api_as, gm, four):
    refused = post_knockout(api_as(gm), campaign, four, "elo")
    assert refused.status_code == 400 and "seeding" in refused.json()
    assert not Season.objects.exists()
    response = post_knockout(api_as(gm), campaign, four, "rating")
    assert response.status_code == 201, response.json()
    assert response.json()["season"]["seeding"] == "rating"
    assert seeds(Season.objects.get()) == ["Brutus", "Crixus", "Spartacus", "Nox"]


def test_the_form_opens_a_knockout_seeded_by_standings(client_as, campaign, gm, four):
    url = reverse("season-new", args=[campaign.slug])
    form = {
        "title": "Cup by standings",
        "format": "knockout",
        "seeding": "standings",
        "mode": "tactics",
        "first_round_at": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "round_days": "7",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "gladiators": [str(g.pk) for g in four],
    }
    assert "By rating (the highest first)" in client_as(gm).get(url).content.decode()
    refused = client_as(gm).post(url, {**form, "seeding": "elo"})
    assert refused.status_code == 400 and not Season.objects.exists()
    assert client_as(gm).post(url, form).status_code == 302
    season = Season.objects.get()
    assert season.seeding == Season.Seeding.STANDINGS
    assert seeds(season) == ["Brutus", "Crixus", "Nox", "Spartacus"]
