"""Vacation: a player away for some days, within the campaign's allowance. While they are
away their bouts wait for them or fall back to their orders, as the policy says
(docs/reliability.md)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.models import Bout, BoutEntrant
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_member
from campaign.shared.errors import LudusError, NotAllowed
from campaign.time_zones import tzinfo_of, zone_of

from .models import DeadlineExtension, Vacation
from .policy import missed_turn_policy

LONGEST_AHEAD = 365  # a vacation starts at most a year ahead


def _day(value: object, what: str, field: str) -> date:
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise LudusError(
            f"{what} is a date like 2026-12-24, not {str(value)[:20]!r}.", field=field
        ) from None


def _instant(day: date, zone: str) -> datetime:
    """The start of `day` in the zone, as an aware instant."""
    return datetime.combine(day, time.min, tzinfo=tzinfo_of(zone))


def vacation_days_taken(*, campaign: Campaign, user_id: int) -> int:
    """Days of vacation the player has set in the campaign, all vacations together."""
    spans = Vacation.objects.filter(campaign=campaign, user_id=user_id).values_list(
        "starts", "ends"
    )
    return sum((ends - starts).days + 1 for starts, ends in spans)


def vacation_set(
    *, campaign: Campaign, by: AbstractBaseUser, starts: object, ends: object
) -> Vacation:
    """A member sets their own vacation, whole days in their time zone, both included: from
    today on, not overlapping another of theirs, within the days the policy allows."""
    check_campaign_member(campaign=campaign, user=by)
    first = _day(starts, "The first day", "starts")
    last = _day(ends, "The last day", "ends")
    zone = zone_of(by)
    today = timezone.now().astimezone(tzinfo_of(zone)).date()
    if first < today:
        raise LudusError("A vacation starts today or later.", field="starts")
    if first > today + timedelta(days=LONGEST_AHEAD):
        raise LudusError(f"A vacation starts within {LONGEST_AHEAD} days.", field="starts")
    if last < first:
        raise LudusError("The last day of a vacation is on or after its first.", field="ends")
    with transaction.atomic():
        # The member's own row, locked: two vacations set at once are counted one after the
        # other against the allowance.
        campaign.memberships.select_for_update().filter(user=by).first()
        allowed = missed_turn_policy(campaign=campaign).vacation_days
        if not allowed:
            raise LudusError("This campaign allows no vacation.")
        taken = vacation_days_taken(campaign=campaign, user_id=by.pk)
        days = (last - first).days + 1
        if taken + days > allowed:
            raise LudusError(
                f"That is {days} day{'s' if days != 1 else ''}; you have "
                f"{max(allowed - taken, 0)} of the campaign's {allowed} left.",
                field="ends",
            )
        overlap = Vacation.objects.filter(
            campaign=campaign, user=by, starts__lte=last, ends__gte=first
        ).first()
        if overlap is not None:
            raise LudusError(
                f"You are already away from {overlap.starts} to {overlap.ends}.", field="starts"
            )
        vacation = Vacation.objects.create(
            campaign=campaign,
            user=by,
            starts=first,
            ends=last,
            starts_at=_instant(first, zone),
            ends_at=_instant(last + timedelta(days=1), zone),
        )
        audit_record(
            campaign=campaign,
            actor=by,
            action="vacation.set",
            starts=first.isoformat(),
            ends=last.isoformat(),
        )
    return vacation


@transaction.atomic
def vacation_end(*, vacation: Vacation, by: AbstractBaseUser) -> Vacation | None:
    """The player comes back: a vacation not begun is forgotten (its days given back), one
    under way ends now (the days left given back). None when it was forgotten."""
    if vacation.user_id != by.pk:
        raise NotAllowed("Only the player on vacation ends it.")
    now = timezone.now()
    vacation = Vacation.objects.select_for_update().get(pk=vacation.pk)
    if vacation.ends_at <= now:
        raise LudusError("That vacation is over already.")
    audit_record(campaign=vacation.campaign, actor=by, action="vacation.end", id=vacation.pk)
    if vacation.starts_at > now:
        vacation.delete()
        return None
    vacation.ends = now.astimezone(tzinfo_of(zone_of(by))).date()
    vacation.ends_at = now
    vacation.save(update_fields=["ends", "ends_at"])
    return vacation


def vacations_now(
    *, campaign: Campaign, user_ids: Iterable[int], at: datetime | None = None
) -> dict[int, Vacation]:
    """The players among `user_ids` on vacation at `at` (now), each with their vacation."""
    at = at or timezone.now()
    rows = Vacation.objects.filter(
        campaign=campaign, user_id__in=list(user_ids), starts_at__lte=at, ends_at__gt=at
    ).select_related("user")
    return {row.user_id: row for row in rows}


def vacations_of(*, campaign: Campaign, user: AbstractBaseUser) -> list[Vacation]:
    """The player's vacations not yet over, soonest first."""
    return list(Vacation.objects.filter(campaign=campaign, user=user, ends_at__gt=timezone.now()))


def owners_away(*, bout: Bout, names: Iterable[str]) -> dict[str, Vacation]:
    """The gladiators among `names` whose owner is on vacation now, each with the vacation."""
    owners = dict(
        BoutEntrant.objects.filter(bout=bout, gladiator__name__in=list(names)).values_list(
            "gladiator__name", "gladiator__owner_id"
        )
    )
    away = vacations_now(campaign=bout.campaign, user_ids=set(owners.values()))
    return {name: away[user_id] for name, user_id in owners.items() if user_id in away}


def bout_wait_for_vacation(*, bout: Bout, waiting: Iterable[str]) -> DeadlineExtension | None:
    """At a turn's deadline, inside the resolving transaction (the bout locked): when the
    policy makes bouts wait and a gladiator still without an order belongs to a player on
    vacation, the deadline moves to a full turn after the last such vacation ends, shown on
    the bout page as an extension. None: nobody waited for, the turn resolves."""
    if bout.turn_deadline is None or not missed_turn_policy(campaign=bout.campaign).vacation_waits:
        return None
    away = owners_away(bout=bout, names=waiting)
    if not away:
        return None
    last = max(away.values(), key=lambda v: v.ends_at)
    turn_length = timedelta(hours=bout.deadline_hours or 0)
    new_deadline = last.ends_at + turn_length
    added = new_deadline - bout.turn_deadline
    bout.turn_deadline = new_deadline
    bout.save(update_fields=["turn_deadline"])
    return DeadlineExtension.objects.create(
        bout=bout,
        turn=bout.turn,
        hours=max(round(added.total_seconds() / 3600), 0),
        reason=f"{last.user.username} is on vacation until {last.ends.isoformat()}",
        by=None,
    )


def vacation_days_left(*, campaign: Campaign, user_id: int, allowed: int) -> int:
    return max(allowed - vacation_days_taken(campaign=campaign, user_id=user_id), 0)
