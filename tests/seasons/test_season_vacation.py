"""A season round and a player on vacation, as the campaign's missed-turn policy says
(record 0096): "wait" postpones their fixtures until the vacation ends, then plays them (a
Swiss round waits for them); "orders" fights them on time; without a vacation at the
round's time, nothing changes. Times are scripted: the round is played "now" or at an
instant after the vacation, never by waiting."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from arena.bouts.services import bout_resolve
from arena.models import Bout, Season
from arena.seasons.services import (
    season_cancel,
    season_finish_if_done,
    season_round_play,
    seasons_sweep,
)
from campaign.calendar_keys import calendar_token_new
from campaign.models import AuditEntry
from campaign.reliability.models import Vacation
from campaign.reliability.services import missed_turn_policy_set
from campaign.reliability.vacations import vacation_set

from .conftest import make_due

pytestmark = pytest.mark.django_db

# stable(4): Aulus and Crixus are the owner's, Brutus and Decimus the rival's. A round
# robin's round one is Aulus v Decimus and Brutus v Crixus: the rival is in both.


def away_today(campaign, user) -> Vacation:
    today = timezone.now().date()  # the players of these tests have no zone: UTC
    return vacation_set(campaign=campaign, by=user, starts=today, ends=today)


def fight(season: Season) -> None:
    for pk in Bout.objects.filter(fixture__season=season, status=Bout.Status.SCHEDULED).values_list(
        "pk", flat=True
    ):
        bout_resolve(bout_id=pk)


def test_wait_postpones_the_round_and_plays_it_after_the_vacation(
    stable, open_season, campaign, rival, client_as, api_as
):
    season = open_season(stable(4))
    vacation = away_today(campaign, rival)
    make_due(season)

    assert season_round_play(season_id=season.pk) == 0  # both fixtures wait
    season.refresh_from_db()
    assert season.rounds_played == 1  # a round robin's calendar goes on
    reason = f"rival is on vacation until {vacation.ends.isoformat()}"
    round_one = list(season.fixtures.filter(round=1))
    assert [(f.bout_id, f.outcome, f.postponed) for f in round_one] == [(None, "", reason)] * 2
    assert {f.postponed_until for f in round_one} == {vacation.ends_at}
    assert AuditEntry.objects.filter(action="season.postpone").count() == 2

    page = client_as(rival).get(reverse("season", args=[campaign.slug, season.pk])).content
    assert page.decode().count(f"postponed: {reason}") == 2
    detail = api_as(rival).get(reverse("api-season", args=[campaign.slug, season.pk])).json()
    first = detail["fixtures"][0]
    assert (first["round"], first["postponed"], first["bout_id"]) == (1, reason, None)
    assert first["postponed_until"] is not None

    # Still away: the sweeper plays nothing. Back: the first sweep plays both fixtures.
    assert seasons_sweep(now=vacation.ends_at - timedelta(minutes=1)) == 0
    assert seasons_sweep(now=vacation.ends_at + timedelta(minutes=1)) == 2
    fixtures = list(season.fixtures.filter(round=1).select_related("bout"))
    assert all(f.bout is not None and f.postponed == "" for f in fixtures)
    assert all(f.postponed_until is None for f in fixtures)
    assert seasons_sweep(now=vacation.ends_at + timedelta(minutes=2)) == 0  # played once
    fight(season)
    assert {f.bout.status for f in season.fixtures.filter(round=1)} == {Bout.Status.RESOLVED}


def test_the_players_calendar_shows_a_postponed_fixture_at_the_vacations_end(
    client, stable, open_season, campaign, owner, rival
):
    season = open_season(stable(2))  # one round: Aulus (the owner's) v Brutus (the rival's)
    vacation = away_today(campaign, rival)
    make_due(season)
    season_round_play(season_id=season.pk)
    fixture = season.fixtures.get()
    assert fixture.postponed_until == vacation.ends_at
    for user in (owner, rival):
        answer = client.get(reverse("calendar-feed", args=[calendar_token_new(user=user)]))
        events = {str(e["UID"]): e for e in Calendar.from_ical(answer.content).walk("VEVENT")}
        entry = events[f"fixture-{fixture.pk}@ludus"]
        assert entry.decoded("DTSTART") == vacation.ends_at


def test_a_swiss_round_waits_for_a_postponed_fixture(stable, open_season, campaign, owner, rival):
    season = open_season(stable(4), format=Season.Format.SWISS, rounds=2)
    away_today(campaign, owner)  # both players away: every pairing waits
    vacation = away_today(campaign, rival)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0
    postponed = season.fixtures.filter(round=1, postponed_until__isnull=False)
    assert postponed.count() == 2

    back = vacation.ends_at + timedelta(minutes=1)
    make_due(season)  # round two is due too: it waits for round one, which is played
    assert season_round_play(season_id=season.pk, now=back) == 2
    season.refresh_from_db()
    assert season.rounds_played == 1
    assert not season.fixtures.filter(round=2).exists()
    fight(season)
    season_round_play(season_id=season.pk, now=back)  # now round two is paired and played
    season.refresh_from_db()
    assert season.rounds_played == 2
    assert season.fixtures.filter(round=2).exists()


def test_the_last_round_postponed_holds_the_season_open(stable, open_season, campaign, rival):
    season = open_season(stable(2))  # one round: Aulus v Brutus
    vacation = away_today(campaign, rival)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 0
    season.refresh_from_db()
    assert (season.rounds_played, season.next_round_at) == (1, None)
    assert season_finish_if_done(season_id=season.pk) is False
    assert seasons_sweep(now=vacation.ends_at + timedelta(minutes=1)) == 1
    fight(season)
    assert season_finish_if_done(season_id=season.pk) is True


def test_a_cancelled_season_waits_for_nobody(stable, open_season, campaign, gm, rival):
    season = open_season(stable(4))
    away_today(campaign, rival)
    make_due(season)
    season_round_play(season_id=season.pk)
    season_cancel(season=season, by=gm, reason="The arena burned")
    round_one = list(season.fixtures.filter(round=1))
    assert [(f.outcome, f.postponed, f.postponed_until) for f in round_one] == [
        ("none", "", None)
    ] * 2
    assert all("The arena burned" in f.forfeit for f in round_one)


def test_orders_plays_the_round_on_time(stable, open_season, campaign, gm, rival):
    missed_turn_policy_set(
        campaign=campaign, by=gm, excused_allowed=1, disorder_after=0, vacation_waits="orders"
    )
    season = open_season(stable(4))
    away_today(campaign, rival)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    assert not season.fixtures.exclude(postponed="").exists()
    assert not AuditEntry.objects.filter(action="season.postpone").exists()


def test_a_vacation_not_begun_changes_nothing(stable, open_season, campaign, rival):
    season = open_season(stable(4))
    tomorrow = timezone.now().date() + timedelta(days=1)
    vacation_set(campaign=campaign, by=rival, starts=tomorrow, ends=tomorrow)
    make_due(season)
    assert season_round_play(season_id=season.pk) == 2
    assert season.fixtures.filter(round=1, bout__isnull=False, postponed="").count() == 2


def test_a_call_with_nothing_due_reads_no_vacations(
    stable, open_season, campaign, rival, django_assert_num_queries
):
    """The sweeper calls every running season each beat: one with no round due and nothing
    postponed reads its locked row and the postponed fixtures, not the policy or vacations."""
    season = open_season(stable(4))
    away_today(campaign, rival)
    with django_assert_num_queries(4):  # savepoint, the locked season, the postponed, release
        assert season_round_play(season_id=season.pk) == 0
    make_due(season)
    with CaptureQueriesContext(connection) as reads:
        assert season_round_play(season_id=season.pk) == 0  # both fixtures wait
    read = " ".join(q["sql"] for q in reads.captured_queries)
    assert "reliability_vacation" in read and "missedturnpolicy" in read.lower()
