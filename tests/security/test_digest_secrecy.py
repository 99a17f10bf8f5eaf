"""No secret order leaks through the daily digest: a digest holds its reader's own inbox rows
only, and no order, salt or sealed receipt of a turn not yet resolved (docs/security.md
section 2). Against a real SMTP server, every kind put in the digest so that it holds all it
can."""

from __future__ import annotations

import pytest
from django.utils import timezone

from arena.models import TurnOrder
from arena.play_by_web import bout_turn_resolve, order_submit
from arena.reminders import orders_reminders_sweep
from campaign.notifications.models import Event
from campaign.notifications.services import ALL_KINDS, digests_make, notification_settings_set
from tests.notifications.conftest import smtp, worker  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.django_db

SECRET_MOVE = "D3"


def test_the_digest_reveals_no_secret_order(smtp, worker, running, owner, rival):  # noqa: F811
    bout, mine, theirs = running
    for user in (owner, rival):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
        notification_settings_set(user=user, email_kinds=[], digest_kinds=ALL_KINDS)
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    # Turn 2: the owner's order is given and secret; the rival is late and reminded.
    order_submit(entrant=mine, by=owner, order={"move": SECRET_MOVE}, turn=2)
    secret = TurnOrder.objects.get(entrant=mine, turn=2)
    assert orders_reminders_sweep(now=bout.turn_deadline - timezone.timedelta(hours=1)) == 1
    for event in Event.objects.order_by("id"):
        worker(event)
    assert smtp.messages == []  # every kind waits for the digest

    digests_make(day=timezone.now().date())
    digests = {to: message.get_content() for (to,), message in smtp.messages}
    assert set(digests) == {"owner@example.org", "rival@example.org"}
    theirs_read = digests["rival@example.org"]
    assert "Justbec" in theirs_read and "still missing" in theirs_read  # their own rows
    assert "Kaunisto in First blood" not in theirs_read  # not the owner's
    for raw in smtp.raw:
        text = raw.decode()
        assert secret.salt not in text and secret.receipt not in text
        assert SECRET_MOVE not in text
