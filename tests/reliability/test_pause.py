"""The GM pauses and resumes a bout, and resolves a turn now, each with a reason in the audit
trail: a paused bout takes orders but resolves nothing, and the sweeper passes it by."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout
from arena.play.services import (
    bout_turn_force,
    bout_turn_resolve,
    bouts_sweep_deadlines,
    order_submit,
)
from campaign.models import AuditEntry
from campaign.reliability.deadlines import bout_deadline_extend, bout_pause, bout_resume
from campaign.reliability.models import BoutPause
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db

STAY = {}


def test_a_paused_bout_resolves_nothing_and_resume_gives_its_time_back(running, gm, owner, rival):
    bout, mine, theirs = running
    left = bout.turn_deadline - timezone.now()
    bout_pause(bout=bout, by=gm, turn=1, reason="Server move")
    bout.refresh_from_db()
    assert bout.turn_deadline is None
    # Orders are still taken, but every order in resolves nothing, nor does the sweeper.
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    order_submit(entrant=theirs, by=rival, order=STAY, turn=1)
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is None
    assert bouts_sweep_deadlines(now=timezone.now() + timedelta(days=30)) == 0
    with pytest.raises(LudusError, match="paused: resume it"):
        bout_turn_force(bout=bout, by=gm, turn=1, reason="Now")
    with pytest.raises(LudusError, match="paused"):
        bout_deadline_extend(bout=bout, by=gm, turn=1, hours=2, reason="More")
    with pytest.raises(LudusError, match="paused already"):
        bout_pause(bout=bout, by=gm, turn=1, reason="Again")
    bout.refresh_from_db()
    assert bout.turn == 1

    bout_resume(bout=bout, by=gm, turn=1, reason="Moved")
    bout.refresh_from_db()
    remaining = bout.turn_deadline - timezone.now()
    assert left - timedelta(minutes=1) < remaining <= left
    assert not BoutPause.objects.filter(bout=bout).exists()
    assert bout_turn_resolve(bout_id=bout.pk, turn=1).turn == 2  # every order was in
    entries = AuditEntry.objects.filter(action__in=["bout.pause", "bout.resume"])
    assert [(e.action, e.detail["reason"], e.actor) for e in entries.order_by("pk")] == [
        ("bout.pause", "Server move", gm),
        ("bout.resume", "Moved", gm),
    ]


def test_resolve_now_records_its_reason(running, gm):
    bout, _, _ = running
    bout_turn_force(bout=bout, by=gm, turn=1, reason="  Everyone agreed ")
    entry = AuditEntry.objects.get(action="bout.turn_force")
    assert entry.detail == {"bout": bout.pk, "turn": 1, "reason": "Everyone agreed"}


@pytest.mark.parametrize("reason", ["", "   ", "x" * 201])
def test_a_reason_is_required_and_bounded(running, gm, reason):
    bout, _, _ = running
    for act in (bout_pause, bout_resume, bout_turn_force):
        with pytest.raises(LudusError) as refused:
            act(bout=bout, by=gm, turn=1, reason=reason)
        assert refused.value.field == "reason"
    bout.refresh_from_db()
    assert bout.turn == 1 and bout.turn_deadline is not None
    acts = ["bout.pause", "bout.resume", "bout.turn_force"]
    assert not AuditEntry.objects.filter(action__in=acts).exists()


def test_only_the_gm_pauses_and_resumes(running, gm, owner):
    bout, _, _ = running
    with pytest.raises(NotAllowed):
        bout_pause(bout=bout, by=owner, turn=1, reason="Mine")
    bout_pause(bout=bout, by=gm, turn=1, reason="Away")
    with pytest.raises(NotAllowed):
        bout_resume(bout=bout, by=owner, turn=1, reason="Mine")
    with pytest.raises(LudusError, match="There is no turn 2 yet"):
        bout_resume(bout=bout, by=gm, turn=2, reason="Wrong turn")
    assert BoutPause.objects.filter(bout=bout).exists()


def test_the_pages_confirm_and_the_api_acts(client, running, gm, owner):
    bout, _, _ = running
    slug = bout.campaign.slug
    client.force_login(gm)
    question = client.get(reverse("bout-pause", args=[slug, bout.pk]) + "?turn=1")
    assert "Pause First blood at turn 1?" in question.content.decode()
    assert 'name="reason"' in question.content.decode()
    refused = client.post(reverse("bout-pause", args=[slug, bout.pk]), {"turn": "1"})
    assert refused.status_code == 400
    assert not BoutPause.objects.exists()
    done = client.post(reverse("bout-pause", args=[slug, bout.pk]), {"turn": "1", "reason": "Why"})
    assert done.status_code == 302
    page = client.get(reverse("bout", args=[slug, bout.pk])).content.decode()
    assert "Paused</strong> by gm: Why" in page
    assert 'id="resume-button"' in page
    api = client.post(
        reverse("api-bout-resume", args=[slug, bout.pk]),
        {"turn": 1, "reason": "Back"},
        content_type="application/json",
    )
    assert api.status_code == 200
    assert api.json()["turn_deadline"] is not None
    api = client.post(
        reverse("api-bout-extend", args=[slug, bout.pk]),
        {"turn": 1, "reason": "Late", "hours": 3},
        content_type="application/json",
    )
    assert api.status_code == 200
    api = client.post(
        reverse("api-bout-force", args=[slug, bout.pk]),
        {"turn": 1},
        content_type="application/json",
    )
    assert api.status_code == 400 and "reason" in api.content.decode()
    client.force_login(owner)
    api = client.post(
        reverse("api-bout-pause", args=[slug, bout.pk]),
        {"turn": 1, "reason": "Mine"},
        content_type="application/json",
    )
    assert api.status_code == 403
    assert Bout.objects.get(pk=bout.pk).turn == 1
