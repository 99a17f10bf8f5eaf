"""The GM's deadline control: a turn given more time, a bout paused and resumed, each with the
reason shown and audited ("resolve now" is arena/play's bout_turn_force)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.models import Bout
from arena.play.services import turn_stale
from arena.queue import enqueue_turn_resolve
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError

from .models import BoutPause, DeadlineExtension
from .text import reason_clean

EXTENSION_HOURS = (1, 168)  # an hour to a week at a time


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


def _running_bout_locked(bout: Bout, turn: int, nothing: str) -> Bout:
    """The bout, locked, at the turn the GM saw; refused in words otherwise."""
    bout = Bout.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=bout.pk)
    if bout.status != Bout.Status.RUNNING:
        raise LudusError(f"Only a bout in progress has a deadline. Nothing was {nothing}.")
    if (stale := turn_stale(bout=bout, turn=turn)) is not None:
        raise LudusError(f"{stale.message} Nothing was {nothing}.", field="turn")
    return bout


def bout_pause_of(*, bout: Bout) -> BoutPause | None:
    """The bout's pause, None when it runs."""
    return BoutPause.objects.filter(bout=bout).select_related("by").first()


def bout_pause(*, bout: Bout, by: AbstractBaseUser, turn: int, reason: object) -> BoutPause:
    """The GM pauses a running bout at turn `turn`: its deadline stops (the time left is kept),
    the sweeper passes it by and no turn resolves, though players may still give orders."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    why = reason_clean(reason)
    with transaction.atomic():
        bout = _running_bout_locked(bout, turn, "paused")
        if BoutPause.objects.filter(bout=bout).exists():
            raise LudusError("This bout is paused already.")
        remaining = None
        if bout.turn_deadline is not None:
            remaining = max(bout.turn_deadline - timezone.now(), timedelta(0))
        pause = BoutPause.objects.create(
            bout=bout, turn=turn, remaining=remaining, reason=why, by=by
        )
        bout.turn_deadline = None
        bout.save(update_fields=["turn_deadline"])
        audit_record(
            campaign=bout.campaign,
            actor=by,
            action="bout.pause",
            bout=bout.pk,
            turn=turn,
            reason=why,
            remaining_seconds=None if remaining is None else int(remaining.total_seconds()),
        )
    return pause


def bout_resume(*, bout: Bout, by: AbstractBaseUser, turn: int, reason: object) -> Bout:
    """The GM resumes a paused bout: the turn gets back the time it had left when paused, and
    resolves at once if every order came in meanwhile."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    why = reason_clean(reason)
    with transaction.atomic():
        bout = _running_bout_locked(bout, turn, "resumed")
        pause = BoutPause.objects.filter(bout=bout).first()
        if pause is None:
            raise LudusError("This bout is not paused.")
        if pause.remaining is not None:
            bout.turn_deadline = timezone.now() + pause.remaining
            bout.save(update_fields=["turn_deadline"])
        pause.delete()
        audit_record(
            campaign=bout.campaign,
            actor=by,
            action="bout.resume",
            bout=bout.pk,
            turn=turn,
            reason=why,
            deadline=bout.turn_deadline.isoformat() if bout.turn_deadline else None,
        )
        # The resolve decides whether every order is in; a turn still waiting is left alone.
        transaction.on_commit(lambda: enqueue_turn_resolve(bout.pk, turn))
    return bout


def bout_deadline_extend(
    *, bout: Bout, by: AbstractBaseUser, turn: int, hours: object, reason: object
) -> DeadlineExtension:
    """The GM moves turn `turn`'s deadline `hours` later, saying why. The turn is the one the
    GM saw: a request sent after it resolved is refused rather than extending the next."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    added = _hours(hours)
    why = reason_clean(reason)
    with transaction.atomic():
        bout = _running_bout_locked(bout, turn, "extended")
        if BoutPause.objects.filter(bout=bout).exists():
            raise LudusError("This bout is paused: its deadline runs again when it is resumed.")
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
