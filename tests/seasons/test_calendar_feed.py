"""A player's calendar feed: a private link (its random token the only key) listing their
gladiators' coming bouts, order deadlines and season fixtures, valid iCalendar; a new link
retires the old one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from arena.bouts.services import bout_cancel, bout_schedule
from arena.models import Bout
from campaign.calendar_keys import calendar_token_new
from campaign.models import UserSettings

pytestmark = pytest.mark.django_db


def feed(client, token: str) -> tuple[dict, str]:
    """The feed fetched and parsed: its events by UID."""
    answer = client.get(reverse("calendar-feed", args=[token]))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(answer.content)
    return {str(e["UID"]): e for e in calendar.walk("VEVENT")}, answer.content.decode()


def test_the_feed_lists_the_players_bouts_deadlines_and_fixtures(
    client, campaign, gm, owner, rival, stable, open_season, running
):
    aulus, brutus, crixus, decimus = stable(4)  # the owner's: Aulus, Crixus
    season = open_season([aulus, brutus, crixus, decimus], round_days=7)
    at = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    coming = bout_schedule(campaign=campaign, by=gm, gladiators=[aulus, brutus], scheduled_at=at)
    gone = bout_schedule(campaign=campaign, by=gm, gladiators=[crixus, decimus], scheduled_at=at)
    bout_cancel(bout=gone, by=gm)
    theirs = bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, decimus], scheduled_at=at)
    by_web = running[0]

    events, text = feed(client, calendar_token_new(user=owner))

    bout = events[f"bout-{coming.pk}@ludus"]
    assert str(bout["SUMMARY"]) == f"Bout: {coming.title or 'Aulus v Brutus'}"
    assert bout.decoded("DTSTART") == at
    assert str(bout["URL"]).endswith(reverse("bout", args=[campaign.slug, coming.pk]))
    due = events[f"bout-{by_web.pk}-turn-{by_web.turn}@ludus"]
    assert due.decoded("DTSTART") == by_web.turn_deadline.replace(microsecond=0)
    assert str(due["SUMMARY"]).startswith("Orders due: ")
    mine = [
        f
        for f in season.fixtures.select_related("first__gladiator", "second__gladiator")
        if owner.pk in (f.first.gladiator.owner_id, f.second.gladiator.owner_id)
    ]
    assert len(mine) == 5  # of six pairings, only Brutus v Decimus has none of the owner's
    for fixture in mine:
        entry = events[f"fixture-{fixture.pk}@ludus"]
        round_at = season.first_round_at + timedelta(days=7 * (fixture.round - 1))
        assert entry.decoded("DTSTART") == round_at.replace(microsecond=0)  # iCalendar: seconds
    # Not the cancelled bout, not a bout of the rival's alone, not the rival's fixture.
    assert f"bout-{gone.pk}@ludus" not in events
    assert f"bout-{theirs.pk}@ludus" not in events
    assert len(events) == 1 + 1 + 1 + 5  # the coming bout, the bout by web, its deadline, fixtures
    # No secret of any bout: no seed, no word of one.
    for seed in Bout.objects.values_list("seed", flat=True):
        assert str(seed) not in text
    assert "seed" not in text.lower()


def test_a_new_link_retires_the_old_one_and_off_leaves_none(client, owner, client_as):
    old = calendar_token_new(user=owner)
    page = client_as(owner)
    page.post(reverse("calendar-link"), {"action": "new"})
    account = page.get(reverse("account")).content.decode()
    assert old not in account
    assert client.get(reverse("calendar-feed", args=[old])).status_code == 404
    new = UserSettings.objects.get(user=owner).calendar_token
    assert new in account
    assert client.get(reverse("calendar-feed", args=[new])).status_code == 200
    page.post(reverse("calendar-link"), {"action": "off"})
    assert client.get(reverse("calendar-feed", args=[new])).status_code == 404
    assert client.get(reverse("calendar-feed", args=["never-given"])).status_code == 404


def test_a_token_opens_only_its_own_feed(client, campaign, gm, owner, rival, brutus, nox):
    at = timezone.now() + timedelta(days=1)
    bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=at)
    mine, theirs = calendar_token_new(user=owner), calendar_token_new(user=rival)
    assert mine != theirs
    _, owner_text = feed(client, mine)
    assert theirs not in owner_text and mine not in owner_text
    # The feed is read only.
    assert client.post(reverse("calendar-feed", args=[mine])).status_code == 405
