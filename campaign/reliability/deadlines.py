"""The GM's deadline control: a turn given more time, with the reason shown and audited."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from arena.models import Bout
from arena.play.services import turn_stale
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.text import TextRefused, text_clean

from .models import DeadlineExtension

EXTENSION_HOURS = (1, 168)  # an hour to a week at a time
REASON_LENGTH = 200


def _hours(value: object) -> int:
    low, high = EXTENSION_HOURS
    try:
        hours = int(str(value).strip())
    except ValueError:
        raise LudusError(
            f"The extension is a whole number of hours, not {str(value)[:20]!r}.", field="hours"
        ) from None
    if not low <= hours <= high:
        raise LudusError(f"An extension is {low} to {high} hours.", field="hours")
    return hours


def bout_deadline_extend(
    *, bout: Bout, by: AbstractBaseUser, turn: int, hours: object, reason: object
) -> DeadlineExtension:
    """The GM moves turn `turn`'s deadline `hours` later, saying why. The turn is the one the
    GM saw: a request sent after it resolved is refused rather than extending the next."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    added = _hours(hours)
    try:
        why = text_clean(reason, label="The reason", max_length=REASON_LENGTH)
    except TextRefused as refused:
        raise LudusError(str(refused), field="reason") from None
    with transaction.atomic():
        bout = (
            Bout.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=bout.pk)
        )
        if bout.status != Bout.Status.RUNNING:
            raise LudusError("Only a bout in progress has a deadline to extend.")
        if (stale := turn_stale(bout=bout, turn=turn)) is not None:
            raise LudusError(f"{stale.message} Nothing was extended.", field="turn")
        if bout.turn_deadline is None:
            raise LudusError(f"This bout has no deadline: each {bout.step} waits for every order.")
        bout.turn_deadline += timedelta(hours=added)
        bout.save(update_fields=["turn_deadline"])
        extension = DeadlineExtension.objects.create(
            bout=bout, turn=turn, hours=added, reason=why, by=by
        )
        audit_record(
            campaign=bout.campaign,
            actor=by,
            action="bout.deadline_extend",
            bout=bout.pk,
            turn=turn,
            hours=added,
            reason=why,
            deadline=bout.turn_deadline.isoformat(),
        )
    return extension


def deadline_extensions(*, bout: Bout) -> list[DeadlineExtension]:
    """The extensions of the bout's current turn, oldest first."""
    return list(DeadlineExtension.objects.filter(bout=bout, turn=bout.turn))
