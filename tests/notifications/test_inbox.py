"""The inbox: everything that concerns the user, newest first, paginated; the unread count in
the header; each item marked read on its own, by its user only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.notifications.models import Event, Notification
from campaign.notifications.services import event_record
from campaign.notifications.views import INBOX_PAGE

pytestmark = pytest.mark.django_db


def fill(campaign, user, count: int) -> None:
    for n in range(count):
        event_record(
            campaign=campaign, kind=Event.Kind.TURN_RESOLVED, key=f"turn_resolved:1:{n}",
            text=f"Turn {n} of The opening resolved.", link="/c/x/", users=[user.pk],
        )  # fmt: skip


def test_the_header_counts_what_is_unread(campaign, owner, client_as):
    fill(campaign, owner, 3)
    page = client_as(owner).get(reverse("dashboard")).content.decode()
    assert '<span id="unread-count" class="count" aria-label="unread">3</span>' in page


def test_marking_one_read_leaves_the_others_and_updates_the_count(campaign, owner, client_as):
    fill(campaign, owner, 3)
    first = Notification.objects.filter(user=owner).order_by("id").first()
    client = client_as(owner)
    response = client.post(reverse("notification-read", args=[first.pk]), HTTP_HX_REQUEST="true")
    part = response.content.decode()
    assert response.status_code == 200
    assert f'id="notification-{first.pk}"' in part and "read</span>" in part
    assert 'id="unread-count" hx-swap-oob="true"' in part and ">2</span>" in part
    assert Notification.objects.filter(user=owner, read_at__isnull=True).count() == 2


def test_nobody_marks_anothers_notification(campaign, owner, rival, client_as):
    fill(campaign, owner, 1)
    mine = Notification.objects.get(user=owner)
    assert client_as(rival).post(reverse("notification-read", args=[mine.pk])).status_code == 404
    mine.refresh_from_db()
    assert mine.read_at is None


def test_the_inbox_is_paginated_and_its_queries_do_not_grow(
    campaign, owner, client_as, django_assert_max_num_queries
):
    fill(campaign, owner, INBOX_PAGE + 5)
    client = client_as(owner)
    with django_assert_max_num_queries(8):
        first = client.get(reverse("inbox")).content.decode()
    assert f"Turn {INBOX_PAGE + 4} of The opening resolved." in first
    assert "Turn 4 of The opening resolved." not in first
    assert "Page 1 of 2" in first
    second = client.get(reverse("inbox"), {"page": 2}).content.decode()
    assert "Turn 4 of The opening resolved." in second


def test_mark_all_read(campaign, owner, client_as):
    fill(campaign, owner, 4)
    client_as(owner).post(reverse("inbox-read-all"))
    assert not Notification.objects.filter(read_at__isnull=True).exists()
