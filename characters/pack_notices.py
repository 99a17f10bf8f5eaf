"""What a draft tells its players (notifications/): a pick is due. Recorded inside the
transaction that opened the draft or moved it to the next pick, once per pick and owner (the
event's key); the worker sends it out after commit."""

from __future__ import annotations

from django.urls import reverse

from campaign.notifications.models import Event
from campaign.notifications.services import event_record

from .models import PackEvent


def notice_draft_pick_due(*, event: PackEvent) -> None:
    """Each seated gladiator's owner is asked for the current pick, with its deadline (an
    absent player is auto-picked when it passes)."""
    by_owner: dict[int, list[str]] = {}
    for seat in event.seats.select_related("gladiator").order_by("seat"):
        by_owner.setdefault(seat.gladiator.owner_id, []).append(seat.gladiator.name)
    until = (
        f" by {event.pick_deadline:%Y-%m-%d %H:%M} UTC, or the rule set picks for you"
        if event.pick_deadline
        else ""
    )
    for owner_id, names in by_owner.items():
        event_record(
            campaign=event.campaign,
            kind=Event.Kind.DRAFT_PICK_DUE,
            key=f"draft_pick_due:{event.pk}:{event.pick}:{owner_id}",
            text=f"Your draft pick is due: pick {event.pick + 1} for {' and '.join(names)}{until}.",
            link=reverse("pack-event", args=[event.campaign.slug, event.pk]),
            users=[owner_id],
            data={
                "draft": event.pk,
                "pick": event.pick,
                "gladiators": names,
                "deadline": event.pick_deadline.isoformat() if event.pick_deadline else None,
            },
        )
