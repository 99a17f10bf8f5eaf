"""A bracket fought as one event: its rounds minutes apart, or each as soon as the one before
is decided (round_minutes 0), as a knockout's were; a league keeps its days."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve
from arena.models import Bout, Season
from arena.seasons.services import season_round_play
from campaign.shared.errors import LudusError

pytestmark = pytest.mark.django_db


def fight_round(season: Season) -> None:
    for pk in Bout.objects.filter(fixture__season=season, status=Bout.Status.SCHEDULED).values_list(
        "pk", flat=True
    ):
        bout_resolve(bout_id=pk)


def rounds_played(season: Season) -> int:
    season.refresh_from_db()
    return season.rounds_played


def test_rounds_minutes_apart_keep_their_spacing(stable, open_season):
    start = timezone.now() + timedelta(hours=1)
    season = open_season(
        stable(4), format=Season.Format.KNOCKOUT, first_round_at=start, round_minutes=30
    )
    assert season.round_spacing == timedelta(minutes=30)
    assert season_round_play(season_id=season.pk, now=start) == 2
    season.refresh_from_db()
    assert season.next_round_at == start + timedelta(minutes=30)
    fight_round(season)
    assert season_round_play(season_id=season.pk, now=start + timedelta(minutes=29)) == 0
    assert rounds_played(season) == 1
    # The final is played (a bout, or a walkover when a semi-final's winner came out unfit).
    season_round_play(season_id=season.pk, now=start + timedelta(minutes=30))
    assert rounds_played(season) == 2


def test_rounds_no_minutes_apart_follow_each_other_once_decided(stable, open_season):
    season = open_season(
        stable(4), format=Season.Format.KNOCKOUT, first_round_at=timezone.now(), round_minutes=0
    )
    assert season_round_play(season_id=season.pk) == 2
    assert season_round_play(season_id=season.pk) == 0  # the semi-finals are not decided
    fight_round(season)
    season_round_play(season_id=season.pk)  # the final, with no wait
    season.refresh_from_db()
    assert season.rounds_played == 2 and season.next_round_at is None


@pytest.mark.parametrize(
    ("format", "minutes", "words"),
    [
        (
            Season.Format.ROUND_ROBIN,
            30,
            "Only a knockout or a double elimination has rounds minutes apart; a league's "
            "are days apart.",
        ),
        (
            Season.Format.KNOCKOUT,
            7 * 24 * 60 + 1,
            "Rounds are 0 to 10080 minutes apart, not 10081.",
        ),
    ],
)
def test_minutes_a_league_cannot_take_are_refused(stable, open_season, format, minutes, words):
    with pytest.raises(LudusError) as refused:
        open_season(stable(4), format=format, round_minutes=minutes)
    assert refused.value.message == words
    assert not Season.objects.exists()


def test_the_api_takes_and_gives_the_minutes(campaign, api_as, gm, stable):
    gladiators = stable(4)
    body = {
        "title": "One evening",
        "format": "knockout",
        "gladiators": [g.pk for g in gladiators],
        "first_round_at": (timezone.now() + timedelta(hours=1)).isoformat(),
        "round_minutes": 45,
    }
    api = api_as(gm)
    refused = api.post(f"/api/campaigns/{campaign.slug}/seasons/", {**body, "round_minutes": -1})
    assert refused.status_code == 400 and not Season.objects.exists()
    response = api.post(f"/api/campaigns/{campaign.slug}/seasons/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["season"]["round_minutes"] == 45
