"""Odds before the fight in production: the bout page asks, a real worker simulates."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import BoutOdds
from arena.services import bout_schedule

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_simulates_the_odds_the_bout_page_asked_for(
    celery_worker_process, campaign, gm, brutus, nox, client_as
):
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=1), seed=7,
    )  # fmt: skip
    client = client_as(gm)
    url = reverse("bout", args=[campaign.slug, bout.pk])
    assert "The worker is simulating" in client.get(url).content.decode()
    row = BoutOdds.objects.get()
    deadline = time.monotonic() + 120
    while row.status == BoutOdds.Status.PENDING and time.monotonic() < deadline:
        time.sleep(0.5)
        row.refresh_from_db()
    assert row.status == BoutOdds.Status.DONE, row.message
    part = client.get(url + "?partial=odds", HTTP_HX_REQUEST="true").content.decode()
    assert "<strong>Brutus</strong>" in part and "dies in" in part
