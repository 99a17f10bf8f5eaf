"""In Chromium set to Tokyo's time: the first page sends the browser's zone once, and from then
on a bout page gives its time in Tokyo's, beside the words "in 3 hours"."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from arena.bouts.services import bout_schedule
from campaign.models import UserSettings
from campaign.time_zones import zone_save
from tests.browser.fixtures import DEADLINE_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_browsers_zone_is_taken_and_pages_follow_it(
    browser, live_server, campaign, gm, owner, brutus, nox
):
    at = (timezone.now() + timedelta(hours=3, minutes=30)).replace(microsecond=0)
    bout = bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=at)
    context = browser.new_context(base_url=live_server.url, timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.set_default_timeout(DEADLINE_MS)
    page.clock.install()  # its own clock: the test moves it on rather than wait
    client = Client()
    client.force_login(owner)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    try:
        with page.expect_response(lambda r: r.url.endswith("/settings/time-zone/")) as sent:
            page.goto("/")
        assert sent.value.status == 204
        assert UserSettings.objects.get(user=owner).time_zone == "Asia/Tokyo"
        page.goto(f"/c/{campaign.slug}/bouts/{bout.pk}/")
        local = at.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
        expect(page.locator(f'time[datetime="{at.isoformat()}"]').first).to_have_text(
            f"{local:%Y-%m-%d %H:%M:%S} JST (in 3\xa0hours)"
        )
        # The words stay true while the page stays open (ludus.js rewords them in place).
        page.evaluate(
            """() => {
                 const words = document.querySelector("time[datetime] [data-relative]");
                 const then = new Date(Date.now() - (2 * 86400 + 60) * 1000);
                 words.parentElement.setAttribute("datetime", then.toISOString());
               }"""
        )
        page.clock.fast_forward(30_000)  # ludus.js rewords every 30 seconds
        expect(page.locator("time[datetime] [data-relative]").first).to_have_text("(2\xa0days ago)")
        # Chosen once, the zone is no longer asked for: another browser's changes nothing.
        assert page.locator("body[data-time-zone-to]").count() == 0
        zone_save(user=owner, name="Europe/Paris", only_if_unset=True)
        assert UserSettings.objects.get(user=owner).time_zone == "Asia/Tokyo"
    finally:
        context.close()
