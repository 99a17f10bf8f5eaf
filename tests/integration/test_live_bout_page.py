"""The main loop seen by a person: a bout page updates by itself when the worker resolves it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from arena.bouts.services import bout_schedule

pytestmark = [
    pytest.mark.integration,
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def test_the_bout_page_shows_the_result_without_a_reload(
    celery_worker_process, page, login, campaign, gm, brutus, nox
):
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(seconds=3),
        seed=7,  # a bout with a winner (a double knock-out would read "No winner.")
    )
    login(gm)
    page.goto(f"/c/{campaign.slug}/bouts/{bout.pk}/")
    expect(page.locator("#bout-status")).to_have_text("Scheduled")
    page.evaluate("window.__same_document = true")  # lost if the page were reloaded
    expect(page.locator("#bout-status")).to_have_text("Resolved")
    bout.refresh_from_db()
    assert bout.winner
    expect(page.locator("#bout-winner")).to_contain_text(f"{bout.winner} wins.")
    assert page.evaluate("window.__same_document") is True
