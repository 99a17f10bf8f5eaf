"""A draft tells each player when their pick is due, with its deadline, by e-mail at once by
default (a real SMTP server): once per pick, and when the sweeper's auto-picks move it on."""

from __future__ import annotations

import re

import pytest

from campaign.notifications.models import Event
from characters.pack_events import pack_autopick, pack_event_create, pack_pick
from characters.pack_selectors import pack_event_seats
from tests.notifications.conftest import smtp, worker  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.django_db


def hand_of(event, gladiator) -> list[str]:
    seat = next(s for s in pack_event_seats(event=event, user=gladiator.owner) if s.mine)
    return [c.slug for c in seat.hand]


def due(user) -> list[str]:
    return list(
        Event.objects.filter(kind=Event.Kind.DRAFT_PICK_DUE, notifications__user=user)
        .order_by("id")
        .values_list("text", flat=True)
    )


def test_each_pick_due_is_told_to_each_owner_once(smtp, worker, schola, gm, four, players):  # noqa: F811
    for player in players:
        player.email = f"{player.username}@example.org"
        player.save(update_fields=["email"])
    event = pack_event_create(
        campaign=schola, by=gm, kind="draft", gladiators=four, seed=5, pick_hours=24
    )
    deadline = f"{event.pick_deadline:%Y-%m-%d %H:%M} UTC"
    assert due(players[0]) == [
        f"Your draft pick is due: pick 1 for Attius by {deadline}, or the rule set picks for you."
    ]
    for gladiator in four[:3]:  # the fourth is absent
        card = hand_of(event, gladiator)[0]
        pack_pick(event=event, gladiator=gladiator, card=card, pick=0, by=gladiator.owner)
    assert len(due(players[0])) == 1  # the pick is not over while a seat has not picked
    pack_autopick(event_id=event.pk)
    event.refresh_from_db()
    assert event.pick == 1
    for player in players:
        assert len(due(player)) == 2
        assert due(player)[1].startswith("Your draft pick is due: pick 2 for ")
    for sent in Event.objects.filter(kind=Event.Kind.DRAFT_PICK_DUE):
        worker(sent)
    assert len(smtp.messages) == 8  # at once by default: two picks, four players
    assert sorted(to for (to,), _ in smtp.messages) == sorted(
        f"{p.username}@example.org" for p in players * 2
    )
    for _, message in smtp.messages:
        assert re.search(r"^Deadline: \d{4}-\d\d-\d\d \d\d:\d\d UTC", message.get_content(), re.M)
