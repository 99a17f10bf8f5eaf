"""No secret order leaks through press (docs/security.md section 2, docs/press.md): press is
what people wrote, and the system quotes no order, salt or receipt of a turn not yet resolved
in a thread's page, its htmx part, its API or the daily digest that carries it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import TurnOrder
from arena.play.services import bout_turn_resolve, order_submit
from campaign.notifications.models import Event
from campaign.notifications.services import ALL_KINDS, digests_make, notification_settings_set
from campaign.press.services import message_send, post_create
from tests.notifications.conftest import smtp, worker  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.django_db

SECRET_MOVE = "D3"


def test_press_pages_api_and_digest_reveal_no_secret_order(
    smtp,  # noqa: F811
    worker,  # noqa: F811
    running,
    gm,
    owner,
    rival,
    client_as,
    api_as,
):
    bout, mine, theirs = running
    slug = bout.campaign.slug
    for user in (gm, owner, rival):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
        notification_settings_set(user=user, email_kinds=[], digest_kinds=ALL_KINDS)
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    # Turn 2: the owner's order is given and secret while everyone talks.
    order_submit(entrant=mine, by=owner, order={"move": SECRET_MOVE}, turn=2)
    secret = TurnOrder.objects.get(entrant=mine, turn=2)
    post_create(campaign=bout.campaign, bout=bout, by=owner, text="My order is in.")
    post_create(campaign=bout.campaign, bout=bout, by=gm, text="Turn 2 runs.")
    post_create(campaign=bout.campaign, by=gm, text="Games at noon.", announcement=True)
    message_send(campaign=bout.campaign, by=owner, to=rival, text="Shall we draw?")

    def leaks(text: str) -> bool:
        return secret.salt in text or secret.receipt in text or f'"{SECRET_MOVE}"' in text

    for reader in (rival, gm):
        pages = [
            client_as(reader).get(
                reverse("bout-press", args=[slug, bout.pk]), HTTP_HX_REQUEST="true"
            ),
            client_as(reader).get(reverse("press", args=[slug])),
            client_as(reader).get(reverse("press-messages", args=[slug])),
            api_as(reader).get(reverse("api-bout-press", args=[slug, bout.pk])),
            api_as(reader).get(reverse("api-press", args=[slug])),
            api_as(reader).get(reverse("api-press-messages", args=[slug])),
        ]
        for response in pages:
            assert response.status_code == 200
            assert not leaks(response.content.decode())
        assert "My order is in." in pages[0].content.decode()
    # The GM does not read the private message.
    assert (
        "Shall we draw?"
        not in client_as(gm).get(reverse("press-messages", args=[slug])).content.decode()
    )

    for event in Event.objects.order_by("id"):
        worker(event)
    # Every kind was put in the digest: nothing comes at once.
    assert smtp.messages == []
    digests_make(day=timezone.now().date())
    digests = {to: message.get_content() for (to,), message in smtp.messages}
    assert "My order is in." in digests["rival@example.org"]
    assert "Shall we draw?" in digests["rival@example.org"]
    assert "Shall we draw?" not in digests["gm@example.org"]
    for raw in smtp.raw:
        text = raw.decode()
        assert secret.salt not in text and secret.receipt not in text
        assert SECRET_MOVE not in text
