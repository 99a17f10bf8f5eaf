"""Notifications people keep on: by default a player is mailed at once only what asks
something of them or what they would not learn a day late; every other kind waits for one
daily digest. Counted in a scripted play-by-web bout, against a real SMTP server."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout
from arena.play_by_web import bout_turn_resolve, order_submit
from arena.reminders import orders_reminders_sweep
from campaign.notifications.models import Digest, Event
from campaign.notifications.services import (
    ALL_KINDS,
    DEFAULT_DIGEST,
    digests_make,
    notification_settings_set,
)

pytestmark = pytest.mark.django_db

TURNS = 5
ABSOLUTE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC")


def addressed(*users):
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])


def play(bout, mine, theirs, owner, rival, turns: int) -> None:
    """`turns` turns, both players ordering each one (standing still)."""
    for turn in range(1, turns + 1):
        order_submit(entrant=mine, by=owner, order={}, turn=turn)
        order_submit(entrant=theirs, by=rival, order={}, turn=turn)
        bout_turn_resolve(bout_id=bout.pk, turn=turn)
    bout.refresh_from_db()
    assert (bout.status, bout.turn) == (Bout.Status.RUNNING, turns + 1)


def send_everything(worker) -> None:
    for event in Event.objects.order_by("id"):
        worker(event)


def mails_to(smtp, address: str) -> list:
    return [message for (to,), message in smtp.messages if to == address]


def test_a_digest_arrives_instead_of_a_flood(smtp, worker, running, owner, rival, settings):
    """The owner keeps the defaults; the rival takes every kind at once (as before)."""
    settings.LUDUS_SITE_URL = "https://ludus.example.org"
    bout, mine, theirs = running
    addressed(owner, rival)
    notification_settings_set(user=rival, email_kinds=ALL_KINDS)
    play(bout, mine, theirs, owner, rival, TURNS)
    send_everything(worker)
    assert digests_make(day=timezone.now().date()) != []

    flood = mails_to(smtp, "rival@example.org")
    kept = mails_to(smtp, "owner@example.org")
    # At once: the orders asked for each turn begun; the resolved turns, one digest.
    assert len(flood) == (TURNS + 1) + TURNS
    assert len(kept) == (TURNS + 1) + 1
    digest = kept[-1]
    assert digest["Subject"] == f"Ludus: your digest of {timezone.now():%Y-%m-%d}, {TURNS} events"
    body = digest.get_content()
    for turn in range(1, TURNS + 1):
        assert f"Turn {turn} of First blood resolved." in body
    assert len(ABSOLUTE.findall(body)) == TURNS
    assert f"https://ludus.example.org/c/{bout.campaign.slug}/bouts/{bout.pk}/" in body
    assert all(m["Subject"].startswith("[Forum Arena] Your orders are needed") for m in kept[:-1])

    # Run again (beat runs it every hour): no second digest.
    assert digests_make(day=timezone.now().date()) == []
    assert len(smtp.messages) == len(flood) + len(kept)
    assert Digest.objects.get(user=owner).events == TURNS


def test_every_email_gives_absolute_times(smtp, worker, running, owner):
    addressed(owner)
    send_everything(worker)
    ((_, message),) = smtp.messages
    body = message.get_content()
    assert re.search(r"^When: " + ABSOLUTE.pattern, body, re.MULTILINE)
    deadline = running[0].turn_deadline
    assert f"Deadline: {deadline:%Y-%m-%d %H:%M} UTC" in body


def test_the_reminder_goes_once_when_less_than_a_fifth_of_the_turn_is_left(
    smtp, worker, running, owner, rival
):
    bout, mine, _ = running
    addressed(owner, rival)
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    deadline = bout.turn_deadline  # 24 hours: the reminder from 4.8 hours before on
    assert orders_reminders_sweep(now=deadline - timedelta(hours=4, minutes=49)) == 0
    assert orders_reminders_sweep(now=deadline - timedelta(hours=4, minutes=47)) == 1
    assert orders_reminders_sweep(now=deadline - timedelta(hours=1)) == 0  # once
    (reminder,) = Event.objects.filter(kind=Event.Kind.ORDERS_REMINDER)
    assert reminder.notifications.get().user == rival  # the owner had ordered
    worker(reminder)
    ((to,), message) = smtp.messages[-1]
    assert to == "rival@example.org"
    assert f"resolves at {deadline:%Y-%m-%d %H:%M} UTC" in message.get_content()
    assert orders_reminders_sweep(now=deadline + timedelta(minutes=1)) == 0  # past: none


def test_each_kind_is_switchable(smtp, worker, running, owner, rival, client_as):
    bout, mine, theirs = running
    addressed(owner, rival)
    url = reverse("notification-settings")
    page = client_as(owner).get(url).content.decode()
    for kind in DEFAULT_DIGEST:  # the defaults, shown as they are
        assert re.search(rf'name="digest_kinds" value="{kind}"[^>]*checked', page)
    both = client_as(owner).post(
        url, {"email_kinds": ["turn_resolved"], "digest_kinds": ["turn_resolved"]}
    )
    assert both.status_code == 400
    assert "is chosen both at once and in the digest: choose one." in both.content.decode()
    # Orders at once, nothing else by e-mail at all.
    saved = client_as(owner).post(url, {"email_kinds": ["orders_needed"]})
    assert saved.status_code == 302
    play(bout, mine, theirs, owner, rival, 2)
    send_everything(worker)
    digests_make(day=timezone.now().date())
    assert len(mails_to(smtp, "owner@example.org")) == 3  # turns 1, 2 and 3 asked
    assert Digest.objects.filter(user=owner).count() == 0
