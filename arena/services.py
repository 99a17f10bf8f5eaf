"""Bout writes: scheduling, resolution by the engine, cancellation and the due-bout sweeper."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.engine import play
from campaign.errors import LudusError
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from characters.models import Gladiator

from .engine_io import bout_apply_result, bout_engine_input
from .models import Bout, BoutEntrant

log = logging.getLogger(__name__)

# Bouts due within this horizon are enqueued with an ETA at once; later ones by the sweeper.
# It stays below the broker's visibility timeout so an ETA message is not redelivered early.
ETA_HORIZON = timedelta(seconds=int(getattr(settings, "LUDUS_ETA_HORIZON_SECONDS", 1800)))
# A due bout still unresolved this long after its time is taken to have lost its message.
SWEEP_GRACE = timedelta(seconds=5)
# Clocks of web and worker hosts drift a little; an ETA message must never find its bout "not due".
EARLY_TOLERANCE = timedelta(seconds=1)


def _enqueue(bout: Bout) -> None:
    from .tasks import bout_resolve_task

    bout_resolve_task.apply_async(args=[bout.pk], eta=max(bout.scheduled_at, timezone.now()))


@transaction.atomic
def bout_schedule(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    gladiators: Sequence[Gladiator],
    scheduled_at: datetime,
    title: str = "",
    teams: Sequence[str] | None = None,
    seed: int | None = None,
) -> Bout:
    """The GM schedules a bout between active gladiators of the campaign."""
    check_campaign_gm(campaign=campaign, user=by)
    ids = [g.pk for g in gladiators]
    if len(ids) < 2:
        raise LudusError("A bout needs at least two gladiators.", field="gladiators")
    if len(set(ids)) != len(ids):
        raise LudusError("A gladiator can enter a bout only once.", field="gladiators")
    if len(ids) > 8:
        raise LudusError("A bout takes at most eight gladiators.", field="gladiators")
    if teams is not None and len(teams) != len(ids):
        raise LudusError("Give one team per gladiator, or none.", field="teams")
    # Lock the entrants so a death or retirement cannot slip in between check and insert.
    locked = {g.pk: g for g in Gladiator.objects.select_for_update().filter(pk__in=ids)}
    for gladiator_id in ids:
        gladiator = locked.get(gladiator_id)
        if gladiator is None or gladiator.campaign_id != campaign.pk:
            raise LudusError("Every gladiator must belong to this campaign.", field="gladiators")
        if not gladiator.is_active:
            raise LudusError(
                f"{gladiator.name} is {gladiator.get_status_display().lower()} and cannot fight.",
                field="gladiators",
            )
    if timezone.is_naive(scheduled_at):
        raise LudusError("The bout's time needs a time zone.", field="scheduled_at")
    bout = Bout.objects.create(
        campaign=campaign,
        title=title.strip() or " vs ".join(locked[i].name for i in ids),
        ruleset=campaign.ruleset,
        seed=seed if seed is not None else secrets.randbits(48),
        scheduled_at=scheduled_at,
        created_by=by,
    )
    BoutEntrant.objects.bulk_create(
        BoutEntrant(bout=bout, gladiator=locked[gid], team=(teams[n] if teams else ""))
        for n, gid in enumerate(ids)
    )
    audit_record(
        campaign=campaign,
        actor=by,
        action="bout.schedule",
        bout=bout.pk,
        title=bout.title,
        scheduled_at=scheduled_at.isoformat(),
    )
    if scheduled_at <= timezone.now() + ETA_HORIZON:
        Bout.objects.filter(pk=bout.pk).update(enqueued_at=timezone.now())
        transaction.on_commit(lambda: _enqueue(bout))
    return bout


def bout_resolve(*, bout_id: int) -> Bout | None:
    """Fight a due bout with the engine and store the result, once.

    The bout row is claimed with SELECT ... FOR UPDATE SKIP LOCKED inside the transaction that
    writes the result: a second delivery, a second worker or the sweeper finds it locked or no
    longer scheduled and does nothing. A worker killed mid-way rolls the whole thing back, so the
    redelivered message (acks_late) or the sweeper fights it again from scratch.
    Returns the resolved bout, or None when there was nothing to do.
    """
    with transaction.atomic():
        bout = (
            Bout.objects.select_for_update(skip_locked=True)
            .filter(
                pk=bout_id,
                status=Bout.Status.SCHEDULED,
                scheduled_at__lte=timezone.now() + EARLY_TOLERANCE,
            )
            .first()
        )
        if bout is None:
            return None
        engine_input = bout_engine_input(bout=bout)
        unfit = [
            e.gladiator
            for e in bout.entrants.select_related("gladiator")
            if not e.gladiator.is_active
        ]
        if unfit:
            g = unfit[0]
            return _bout_fail(
                bout,
                engine_input,
                f"{g.name} is {g.get_status_display().lower()} and cannot fight.",
            )
        try:
            output = play(engine_input)
        except Exception as exc:  # the engine refused the bout: record why, never retry blindly
            log.exception("bout %s failed in the engine", bout.pk)
            return _bout_fail(bout, engine_input, str(exc) or exc.__class__.__name__)
        bout_apply_result(bout=bout, engine_input=engine_input, output=output)
        return bout


def _bout_fail(bout: Bout, engine_input: dict, reason: str) -> Bout:
    bout.status = Bout.Status.FAILED
    bout.failure = reason
    bout.engine_input = engine_input
    bout.resolved_at = timezone.now()
    bout.save(update_fields=["status", "failure", "engine_input", "resolved_at"])
    return bout


@transaction.atomic
def bout_cancel(*, bout: Bout, by: AbstractBaseUser, reason: str = "") -> Bout:
    check_campaign_gm(campaign=bout.campaign, user=by)
    updated = Bout.objects.filter(pk=bout.pk, status=Bout.Status.SCHEDULED).update(
        status=Bout.Status.CANCELLED
    )
    if updated != 1:
        raise LudusError("Only a scheduled bout can be cancelled; this one is not.")
    audit_record(
        campaign=bout.campaign, actor=by, action="bout.cancel", bout=bout.pk, reason=reason
    )
    bout.refresh_from_db()
    return bout


def bouts_sweep_due(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: enqueue bouts coming due, resolve those whose message was lost."""
    now = now or timezone.now()
    enqueued = 0
    upcoming = Bout.objects.filter(
        status=Bout.Status.SCHEDULED, enqueued_at__isnull=True, scheduled_at__lte=now + ETA_HORIZON
    ).values_list("pk", flat=True)
    for bout_id in list(upcoming):
        # Claim the enqueue so two beats (a misconfiguration) do not double the messages.
        if Bout.objects.filter(pk=bout_id, enqueued_at__isnull=True).update(enqueued_at=now):
            _enqueue(Bout.objects.get(pk=bout_id))
            enqueued += 1
    resolved = 0
    overdue = Bout.objects.filter(
        status=Bout.Status.SCHEDULED, scheduled_at__lte=now - SWEEP_GRACE
    ).values_list("pk", flat=True)
    for bout_id in list(overdue):
        if bout_resolve(bout_id=bout_id) is not None:
            resolved += 1
    if enqueued or resolved:
        log.info("sweeper: enqueued %d, resolved %d overdue", enqueued, resolved)
    return {"enqueued": enqueued, "resolved": resolved}
