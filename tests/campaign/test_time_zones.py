"""Times in the viewer's zone: a setting per user (the browser's sent once until they choose),
every page giving the absolute time in that zone beside the relative words."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_schedule
from campaign.models import UserSettings
from campaign.time_zones import zone_save

pytestmark = pytest.mark.django_db

TOKYO = zoneinfo.ZoneInfo("Asia/Tokyo")  # UTC+9 all year: no daylight saving to trip on


@pytest.fixture
def later_bout(campaign, gm, brutus, nox):
    """A bout three and a half hours ahead: "in 3 hours" whatever the test's own speed."""
    at = (timezone.now() + timedelta(hours=3, minutes=30)).replace(microsecond=0)
    return bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=at)


def test_a_user_in_another_zone_sees_the_bout_at_their_own_time(later_bout, owner, client_as):
    zone_save(user=owner, name="Asia/Tokyo")
    page = client_as(owner).get(reverse("bout", args=[later_bout.campaign.slug, later_bout.pk]))
    text = page.content.decode()
    local = later_bout.scheduled_at.astimezone(TOKYO)
    utc = later_bout.scheduled_at.astimezone(zoneinfo.ZoneInfo("UTC"))
    assert f"{local:%Y-%m-%d %H:%M:%S} JST <span data-relative>(in 3\xa0hours)</span>" in text
    assert f'datetime="{later_bout.scheduled_at.isoformat()}"' in text
    assert f"{utc:%Y-%m-%d %H:%M:%S} UTC" not in text


def test_a_user_without_a_zone_sees_utc_and_is_asked_for_the_browsers(later_bout, rival, client_as):
    page = client_as(rival).get(reverse("bout", args=[later_bout.campaign.slug, later_bout.pk]))
    text = page.content.decode()
    utc = later_bout.scheduled_at.astimezone(zoneinfo.ZoneInfo("UTC"))
    assert f"{utc:%Y-%m-%d %H:%M:%S} UTC <span data-relative>(in 3\xa0hours)</span>" in text
    assert f'data-time-zone-to="{reverse("time-zone")}"' in text


def test_the_browsers_zone_is_taken_only_while_none_is_chosen(owner, client_as):
    client = client_as(owner)
    sent = client.post(reverse("time-zone"), {"time_zone": "Europe/Paris", "detected": "on"})
    assert sent.status_code == 204
    assert UserSettings.objects.get(user=owner).time_zone == "Europe/Paris"
    # Once set, the page asks no more, and another browser's zone changes nothing.
    assert "data-time-zone-to" not in client.get(reverse("account")).content.decode()
    client.post(reverse("time-zone"), {"time_zone": "America/New_York", "detected": "on"})
    assert UserSettings.objects.get(user=owner).time_zone == "Europe/Paris"
    # The user's own choice does.
    chosen = client.post(reverse("time-zone"), {"time_zone": "America/New_York"}, follow=True)
    assert "Times are now shown in America/New_York." in chosen.content.decode()
    assert UserSettings.objects.get(user=owner).time_zone == "America/New_York"


def test_a_zone_nobody_knows_is_refused_and_changes_nothing(owner, client_as):
    zone_save(user=owner, name="Europe/Paris")
    refused = client_as(owner).post(reverse("time-zone"), {"time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 400
    assert "is not a time zone Ludus knows" in refused.content.decode()
    assert UserSettings.objects.get(user=owner).time_zone == "Europe/Paris"


def test_the_zone_is_the_users_own(owner, rival, later_bout, client_as):
    zone_save(user=owner, name="Asia/Tokyo")
    # A session that began before the setting still finds it (one look-up, then kept).
    page = client_as(rival).get(reverse("bout", args=[later_bout.campaign.slug, later_bout.pk]))
    assert " JST " not in page.content.decode()
