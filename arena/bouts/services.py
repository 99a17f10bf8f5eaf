"""Bout writes: scheduling, resolution by the engine, cancellation, the due-bout sweeper, and
verification by the worker (the checks themselves: arena/verification/services.py)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone

from arena.bouts.fight import bout_fight
from arena.bouts.results import bout_fail
from arena.bouts.selectors import bout_of_gladiator_in_play
from arena.engine_io import bout_engine_input, bout_fight_problem, bout_options_clean
from arena.gateway import EngineInputError
from arena.models import Bout, BoutEntrant, BoutVerification
from arena.notices import notice_bout_scheduled
from arena.odds.services import odds_cancel
from arena.queue import enqueue_bout_resolve, enqueue_verify
from arena.verification.services import bout_checks, bout_commit, terms_broken
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.text import text_input
from characters.catalogue import check_gladiator_can_fight
from characters.models import Gladiator

log = logging.getLogger(__name__)

# Bouts due within this horizon are enqueued with an ETA at once; later ones by the sweeper.
# It stays below the broker's visibility timeout so an ETA message is not redelivered early.
# A play-by-web bout lasts days: its gladiators fight nowhere else meanwhile, so a death in one
# bout can never catch a gladiator in the middle of another.
TURN_BY_TURN_LIVE = (Bout.Status.OPEN, Bout.Status.RUNNING)
ETA_HORIZON = timedelta(seconds=int(getattr(settings, "LUDUS_ETA_HORIZON_SECONDS", 1800)))
# A due bout still unresolved this long after its time is taken to have lost its message.
SWEEP_GRACE = timedelta(seconds=5)
# Clocks of web and worker hosts drift a little; an ETA message must never find its bout "not due".
EARLY_TOLERANCE = timedelta(seconds=1)
# How far from now a bout may be scheduled, either way: a season ahead; and back, to record a
# bout already fought at the table (it is fought at once). Year 9999 is a typo, not a plan.
SCHEDULE_REACH = timedelta(days=366)
# What the GM's form and the API accept (check_schedule_time): from now (a minute's form
# precision and a slow click allowed for) to a year ahead; "fight now" is its own button. The
# service itself still takes a past time within SCHEDULE_REACH, for the demo's history.
PAST_GRACE = timedelta(minutes=2)
SCHEDULE_AHEAD = timedelta(days=365)
TITLE_MAX = Bout._meta.get_field("title").max_length
REASON_MAX = 200  # as an adjustment's reason


def check_schedule_time(scheduled_at: datetime, *, now: datetime | None = None) -> None:
    """A time the GM may give a new bout: not in the past, at most a year ahead."""
    now = now or timezone.now()
    if timezone.is_naive(scheduled_at):
        raise LudusError("The bout's time needs a time zone.", field="scheduled_at")
    if scheduled_at < now - PAST_GRACE:
        raise LudusError(
            f"{scheduled_at:%Y-%m-%d %H:%M} UTC has passed; choose a time to come, or use "
            '"Fight now".',
            field="scheduled_at",
        )
    if scheduled_at > now + SCHEDULE_AHEAD:
        raise LudusError(
            f"A bout is scheduled at most a year ahead (until {now + SCHEDULE_AHEAD:%Y-%m-%d}); "
            f"{scheduled_at:%Y-%m-%d} is too far.",
            field="scheduled_at",
        )


class BoutRefusedByRules(LudusError):
    """The rule set cannot set these gladiators up against each other (not a passing state,
    like a gladiator busy elsewhere: asking again changes nothing)."""


def _enqueue(bout: Bout) -> None:
    enqueue_bout_resolve(bout.pk, eta=max(bout.scheduled_at, timezone.now()))


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
    options: dict[str, Any] | None = None,
) -> Bout:
    """The GM schedules a bout between active gladiators of the campaign."""
    check_campaign_gm(campaign=campaign, user=by)
    options = bout_options_clean(campaign=campaign, options=options or {}, by_tactics=True)
    ids = [g.pk for g in gladiators]
    if len(ids) < 2:
        raise LudusError("A bout needs at least two gladiators.", field="gladiators")
    if len(set(ids)) != len(ids):
        raise LudusError("A gladiator can enter a bout only once.", field="gladiators")
    if len(ids) > Bout.MAX_ENTRANTS:
        raise LudusError(
            f"A bout takes at most {Bout.MAX_ENTRANTS} gladiators.", field="gladiators"
        )
    if teams is not None and len(teams) != len(ids):
        raise LudusError("Give one team per gladiator, or none.", field="teams")
    # Lock the entrants so a death or retirement cannot slip in between check and insert.
    rows = Gladiator.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    locked = {g.pk: g for g in rows.prefetch_related("holdings")}
    for gladiator_id in ids:
        gladiator = locked.get(gladiator_id)
        if gladiator is None or gladiator.campaign_id != campaign.pk:
            raise LudusError("Every gladiator must belong to this campaign.", field="gladiators")
        if not gladiator.is_active:
            raise LudusError(
                f"{gladiator.name} is {gladiator.get_status_display().lower()} and cannot fight.",
                field="gladiators",
            )
        busy = bout_of_gladiator_in_play(gladiator_id=gladiator.pk, statuses=TURN_BY_TURN_LIVE)
        if busy is not None:
            raise LudusError(
                f"{gladiator.name} is fighting turn by turn in {busy}; "
                "schedule it after that bout.",
                field="gladiators",
            )
        check_gladiator_can_fight(gladiator, campaign=campaign)
    if timezone.is_naive(scheduled_at):
        raise LudusError("The bout's time needs a time zone.", field="scheduled_at")
    now = timezone.now()
    if not now - SCHEDULE_REACH <= scheduled_at <= now + SCHEDULE_REACH:
        raise LudusError(
            f"A bout is scheduled at most {SCHEDULE_REACH.days} days ahead (or back); "
            f"{scheduled_at:%Y-%m-%d} is out of reach.",
            field="scheduled_at",
        )
    title = text_input(
        title, field="title", label="The title", max_length=TITLE_MAX, required=False
    )
    bout = Bout.objects.create(
        campaign=campaign,
        title=title or " vs ".join(locked[i].name for i in ids)[:TITLE_MAX],
        ruleset=campaign.ruleset,
        options=options,
        seed=seed if seed is not None else secrets.randbits(48),
        scheduled_at=scheduled_at,
        created_by=by,
    )
    bout_commit(bout)
    bout.save(update_fields=["terms", "commitment"])
    BoutEntrant.objects.bulk_create(
        BoutEntrant(bout=bout, gladiator=locked[gid], team=(teams[n] if teams else ""))
        for n, gid in enumerate(ids)
    )
    try:  # the rule set sets this bout up now, so a bout it would refuse is never scheduled
        bout_engine_input(bout=bout)
    except EngineInputError as refused:  # rolls the bout and its entrants back
        raise BoutRefusedByRules(
            f"The rules refuse this bout: {refused.message}.", field="gladiators"
        ) from None
    audit_record(
        campaign=campaign,
        actor=by,
        action="bout.schedule",
        bout=bout.pk,
        title=bout.title,
        scheduled_at=scheduled_at.isoformat(),
    )
    notice_bout_scheduled(bout=bout, by_id=by.pk)
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
            # `of`: the join to the campaign (archived campaigns fight nothing) must not lock it.
            Bout.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(
                pk=bout_id,
                status=Bout.Status.SCHEDULED,
                scheduled_at__lte=timezone.now() + EARLY_TOLERANCE,
                campaign__archived_at__isnull=True,
            )
            .first()
        )
        if bout is None:
            return None
        odds_cancel(bouts=[bout.pk])  # its odds are moot once it is fought
        # An entrant that lost what it fights with since (the shop refuses that, the admin
        # does not) fails the bout in words rather than in the engine's.
        unfit = entrants_lock(bout=bout) or terms_broken(bout) or bout_fight_problem(bout=bout)
        try:
            engine_input = bout_engine_input(bout=bout)
        except EngineInputError as refused:
            # What changed since scheduling (a gladiator's type, the GM's content) the rule set
            # refuses: a bout that cannot be set up fails once, in words, and is not retried.
            reason = unfit or f"The rules refuse this bout: {refused.message}."
            return bout_fail(bout=bout, engine_input=None, reason=reason)
        if unfit:
            return bout_fail(bout=bout, engine_input=engine_input, reason=unfit)
        return bout_fight(bout=bout, engine_input=engine_input)


def entrants_lock(*, bout: Bout) -> str:
    """Lock the entrants' gladiator rows (in id order, as every writer does, so two resolutions
    sharing a gladiator queue up instead of deadlocking) and say who can no longer fight.

    Without this lock two bouts sharing a gladiator could both see it alive, and both pay it.
    Returns "" when all may fight, else the reason in words."""
    locked = (
        Gladiator.objects.select_for_update(of=("self",))  # not the joined entrant rows
        .filter(entries__bout=bout)
        .order_by("pk")
    )
    return unfit_reason(list(locked))


def entrants_locked(*, bout: Bout) -> list[BoutEntrant]:
    """entrants_lock's lock (the gladiators' rows, in id order), returning the bout's entrants
    with their gladiators as locked: for a caller that reads them anyway (a turn's resolve
    records who ordered and tells the owners), one query instead of three."""
    return list(
        BoutEntrant.objects.filter(bout=bout)
        .select_related("gladiator")
        .select_for_update(of=("gladiator",))  # not the entrant rows
        .order_by("gladiator_id")
    )


def unfit_reason(gladiators: Iterable[Gladiator]) -> str:
    """entrants_lock's answer for gladiators already locked: "" when all may fight."""
    unfit = [g for g in gladiators if not g.is_active]
    if not unfit:
        return ""
    g = unfit[0]
    return f"{g.name} is {g.get_status_display().lower()} and cannot fight."


@transaction.atomic
def bout_cancel(*, bout: Bout, by: AbstractBaseUser, reason: str = "") -> Bout:
    """The GM calls off a bout not yet decided (scheduled, open or in progress): nobody is paid,
    nothing is recorded on the careers."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    reason = text_input(
        reason, field="reason", label="The reason", max_length=REASON_MAX, required=False
    )
    updated = Bout.objects.filter(
        pk=bout.pk, status__in=[Bout.Status.SCHEDULED, Bout.Status.VERDICT, *TURN_BY_TURN_LIVE]
    ).update(status=Bout.Status.CANCELLED, turn_deadline=None)
    if updated != 1:
        raise LudusError("Only a bout not yet decided can be cancelled; this one is not.")
    odds_cancel(bouts=[bout.pk])
    audit_record(
        campaign=bout.campaign, actor=by, action="bout.cancel", bout=bout.pk, reason=reason
    )
    bout.refresh_from_db()
    return bout


def bouts_sweep_due(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: enqueue bouts coming due, resolve those whose message was lost."""
    now = now or timezone.now()
    enqueued = 0
    in_play = Bout.objects.filter(campaign__archived_at__isnull=True)
    upcoming = in_play.filter(
        status=Bout.Status.SCHEDULED, enqueued_at__isnull=True, scheduled_at__lte=now + ETA_HORIZON
    ).values_list("pk", flat=True)
    for bout_id in list(upcoming):
        # Claim the enqueue so two beats (a misconfiguration) do not double the messages.
        if Bout.objects.filter(pk=bout_id, enqueued_at__isnull=True).update(enqueued_at=now):
            _enqueue(Bout.objects.get(pk=bout_id))
            enqueued += 1
    resolved = 0
    overdue = in_play.filter(
        status=Bout.Status.SCHEDULED, scheduled_at__lte=now - SWEEP_GRACE
    ).values_list("pk", flat=True)
    for bout_id in list(overdue):
        try:  # one bout's trouble must not keep the others waiting
            resolved += bout_resolve(bout_id=bout_id) is not None
        except Exception:
            log.exception("sweeper: bout %s", bout_id)
    if enqueued or resolved:
        log.info("sweeper: enqueued %d, resolved %d overdue", enqueued, resolved)
    return {"enqueued": enqueued, "resolved": resolved}


# A check asked for within this long of the last one shows that one: the answer cannot have
# changed unless somebody altered the record in between, and one bout's replays stay few.
RECHECK_AFTER = timedelta(minutes=1)
# A check still pending after this long lost its message (a worker died): ask again.
STALE_AFTER = timedelta(minutes=10)
# A voided bout keeps its log: it can still be checked.
VERIFIABLE = (Bout.Status.RESOLVED, Bout.Status.VOIDED)


# Why a verification is not queued, in words (the page and the API say the same).
VERIFY_SIGN_IN = (
    "Sign in to ask the worker to verify a bout; anyone who can see it may read its last check."
)


def verify_throttled(wait: str) -> str:
    return f"You have asked for many verifications lately. Try again in {wait}."


def verification_request(*, bout: Bout, by) -> BoutVerification:
    """Ask the worker to fight the bout again and compare it with the record. Anyone who can
    see the bout may ask (the caller checked that); a check pending or just finished is
    returned instead of starting another."""
    if bout.status not in VERIFIABLE:
        raise LudusError("Only a bout that was fought to its end can be verified.")
    now = timezone.now()
    with transaction.atomic():
        # The bout row serialises two askers; nothing else is written under it.
        Bout.objects.select_for_update(of=("self",)).only("pk").get(pk=bout.pk)
        last = BoutVerification.objects.filter(bout=bout).first()
        if last is not None and (
            (
                last.outcome == BoutVerification.Outcome.PENDING
                and last.requested_at > now - STALE_AFTER
            )
            or (last.finished_at is not None and last.finished_at > now - RECHECK_AFTER)
        ):
            return last
        user = by if by is not None and not isinstance(by, AnonymousUser) else None
        check = BoutVerification.objects.create(bout=bout, requested_by=user)
        transaction.on_commit(lambda: enqueue_verify(check.pk))
    return check


def verification_run(*, verification_id: int) -> BoutVerification | None:
    """Run the checks of one requested verification, once; None when there was nothing to do."""
    with transaction.atomic():
        check = (
            BoutVerification.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(pk=verification_id, outcome=BoutVerification.Outcome.PENDING)
            .select_related("bout")
            .first()
        )
        if check is None:
            return None
        try:
            check.checks = bout_checks(check.bout)
        except Exception as error:  # report it on the page rather than leave it pending
            log.exception("verification %s of bout %s", check.pk, check.bout_id)
            check.checks = [{"check": "run", "ok": False, "detail": str(error) or repr(error)}]
            check.outcome = BoutVerification.Outcome.ERROR
        else:
            failed = any(c["ok"] is False for c in check.checks)
            check.outcome = (
                BoutVerification.Outcome.MISMATCH if failed else BoutVerification.Outcome.MATCH
            )
        check.finished_at = timezone.now()
        check.save(update_fields=["checks", "outcome", "finished_at"])
    return check
