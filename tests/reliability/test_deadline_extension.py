"""The GM gives a turn more time, with a reason: the deadline moves, the audit trail and the
bout page say why, and a bad request changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from arena.play.services import bout_turn_force
from campaign.models import AuditEntry
from campaign.reliability.deadlines import bout_deadline_extend
from campaign.reliability.models import DeadlineExtension
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db


def test_an_extension_moves_the_deadline_and_says_why(client, running, gm, owner):
    bout, _, _ = running
    before = bout.turn_deadline
    bout_deadline_extend(bout=bout, by=gm, turn=1, hours="12", reason="  Rival is travelling ")
    bout.refresh_from_db()
    assert bout.turn_deadline == before + timedelta(hours=12)
    entry = AuditEntry.objects.get(campaign=bout.campaign, action="bout.deadline_extend")
    assert entry.actor == gm
    assert entry.detail["hours"] == 12
    assert entry.detail["reason"] == "Rival is travelling"
    assert entry.detail["turn"] == 1
    client.force_login(owner)
    html = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert "Extended by 12 hours by gm: Rival is travelling" in html
    assert 'id="deadline-extend-form"' not in html  # the form is the GM's


@pytest.mark.parametrize(
    ("hours", "reason", "words"),
    [
        ("0", "Away", "An extension is 1 to 168 hours."),
        ("169", "Away", "An extension is 1 to 168 hours."),
        ("soon", "Away", "The extension is a whole number of hours, not 'soon'."),
        ("12", "   ", "The reason"),
    ],
)
def test_a_bad_extension_is_refused_in_words_and_changes_nothing(running, gm, hours, reason, words):
    bout, _, _ = running
    before = bout.turn_deadline
    with pytest.raises(LudusError) as refused:
        bout_deadline_extend(bout=bout, by=gm, turn=1, hours=hours, reason=reason)
    assert refused.value.message.startswith(words)
    bout.refresh_from_db()
    assert bout.turn_deadline == before
    assert not DeadlineExtension.objects.exists()
    assert not AuditEntry.objects.filter(action="bout.deadline_extend").exists()


def test_only_the_gm_extends_and_only_the_turn_they_saw(running, gm, owner):
    bout, _, _ = running
    with pytest.raises(NotAllowed):
        bout_deadline_extend(bout=bout, by=owner, turn=1, hours=5, reason="Please")
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    bout.refresh_from_db()
    before = bout.turn_deadline
    with pytest.raises(LudusError) as stale:
        bout_deadline_extend(bout=bout, by=gm, turn=1, hours=5, reason="Late")
    assert stale.value.message == "Turn 1 has resolved; here is turn 2. Nothing was extended."
    bout.refresh_from_db()
    assert bout.turn_deadline == before
    assert not DeadlineExtension.objects.exists()


def test_the_gm_form_extends_or_refuses_with_a_400(client, running, gm):
    bout, _, _ = running
    url = reverse("bout-deadline-extend", args=[bout.campaign.slug, bout.pk])
    before = bout.turn_deadline
    client.force_login(gm)
    page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert 'id="deadline-extend-form"' in page
    refused = client.post(url, {"turn": "1", "hours": "500", "reason": "Long"})
    assert refused.status_code == 400
    assert "An extension is 1 to 168 hours." in refused.content.decode()
    saved = client.post(url, {"turn": "1", "hours": "6", "reason": "Holiday"})
    assert saved.status_code == 302
    bout.refresh_from_db()
    assert bout.turn_deadline == before + timedelta(hours=6)
