"""The verify button's production path: the check runs in a real Celery worker process."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from arena.bouts.services import bout_resolve
from arena.models import BoutVerification

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_verifies_an_untampered_bout_and_the_page_shows_it(
    celery_worker_process, due_bout, rival, client_as
):
    bout = bout_resolve(bout_id=due_bout.pk)
    client = client_as(rival)
    slug = bout.campaign.slug
    asked = client.post(reverse("bout-verify", args=[slug, bout.pk]), HTTP_HX_REQUEST="true")
    assert asked.status_code == 200 and "Checking" in asked.content.decode()
    check = BoutVerification.objects.get(bout=bout)
    deadline = time.monotonic() + 30
    while check.outcome == BoutVerification.Outcome.PENDING and time.monotonic() < deadline:
        time.sleep(0.1)
        check.refresh_from_db()
    assert check.outcome == BoutVerification.Outcome.MATCH, check.checks
    assert check.requested_by == rival
    partial = client.get(
        reverse("bout", args=[slug, bout.pk]) + "?partial=verify", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Everything matches" in partial and "✔ <strong>replay</strong>" in partial
