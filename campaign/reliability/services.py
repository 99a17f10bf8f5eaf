"""Missed turns: the policy's choices applied when a turn resolves, and the GM setting it."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from arena.models import Bout, BoutEntrant, TurnOrder
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError

from .models import POLICY_LIMIT, MissedTurnPolicy, TurnAttendance

Outcome = TurnAttendance.Outcome


def missed_turn_policy(*, campaign: Campaign) -> MissedTurnPolicy:
    """The campaign's policy; the defaults (unsaved) when the GM never set one."""
    policy = MissedTurnPolicy.objects.filter(campaign=campaign).first()
    return policy if policy is not None else MissedTurnPolicy(campaign=campaign)


def _count(value: object, what: str, field: str) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise LudusError(
            f"{what} must be a whole number, not {str(value)[:20]!r}.", field=field
        ) from None
    if not 0 <= number <= POLICY_LIMIT:
        raise LudusError(f"{what} must be between 0 and {POLICY_LIMIT}.", field=field)
    return number


@transaction.atomic
def missed_turn_policy_set(
    *, campaign: Campaign, by: AbstractBaseUser, excused_allowed: object, disorder_after: object
) -> MissedTurnPolicy:
    """The GM sets what a missed turn costs; recorded in the audit trail. It applies to the
    turns resolved from now on: the record of turns already resolved stays as it was."""
    check_campaign_gm(campaign=campaign, user=by)
    excused = _count(excused_allowed, "Excused misses", "excused_allowed")
    disorder = _count(disorder_after, "Misses before civil disorder", "disorder_after")
    policy, _ = MissedTurnPolicy.objects.update_or_create(
        campaign=campaign,
        defaults={"excused_allowed": excused, "disorder_after": disorder},
    )
    audit_record(
        campaign=campaign,
        actor=by,
        action="missed_turn_policy.set",
        excused_allowed=excused,
        disorder_after=disorder,
    )
    return policy


def gladiators_in_disorder(*, bout: Bout, names: Iterable[str]) -> set[str]:
    """The gladiators among `names` whose owner's last misses in this bout, in a row and
    unexcused, reach the policy's count: their fallback orders are set aside and their
    tactics fight."""
    after = missed_turn_policy(campaign=bout.campaign).disorder_after
    names = set(names)
    if not after or not names:
        return set()
    recent: dict[str, list[str]] = {}
    rows = (
        TurnAttendance.objects.filter(bout=bout, gladiator__in=names)
        .order_by("gladiator", "-turn")
        .values_list("gladiator", "outcome")
    )
    for name, outcome in rows:
        recent.setdefault(name, []).append(outcome)
    return {
        name
        for name, outcomes in recent.items()
        if len(outcomes) >= after and all(o == Outcome.MISSED for o in outcomes[:after])
    }


def turn_attendance_record(*, bout: Bout, turn: int, living: Iterable[str]) -> None:
    """Record, for each living gladiator of a turn being resolved, whether its owner gave an
    order for that very turn. A turn left to a standing order is a miss: the standing order is
    the fallback the miss used. A miss is excused while its player has excused fewer than the
    policy allows in the campaign. Runs inside the resolving transaction."""
    living = list(living)
    owners = dict(
        BoutEntrant.objects.filter(bout=bout, gladiator__name__in=living).values_list(
            "gladiator__name", "gladiator__owner_id"
        )
    )
    ordered = set(
        TurnOrder.objects.filter(bout=bout, turn=turn).values_list(
            "entrant__gladiator__name", flat=True
        )
    )
    allowed = missed_turn_policy(campaign=bout.campaign).excused_allowed
    excused = dict.fromkeys(owners.values(), 0)
    for user_id in TurnAttendance.objects.filter(
        campaign=bout.campaign, user_id__in=excused, outcome=Outcome.EXCUSED
    ).values_list("user_id", flat=True):
        excused[user_id] += 1
    rows = []
    for name in living:
        user_id = owners.get(name)
        if user_id is None:  # an arena beast or a gladiator without an owner: nobody missed
            continue
        if name in ordered:
            outcome = Outcome.ORDERED
        elif excused[user_id] < allowed:
            excused[user_id] += 1
            outcome = Outcome.EXCUSED
        else:
            outcome = Outcome.MISSED
        rows.append(
            TurnAttendance(
                campaign=bout.campaign,
                user_id=user_id,
                bout=bout,
                gladiator=name,
                turn=turn,
                outcome=outcome,
            )
        )
    TurnAttendance.objects.bulk_create(rows, ignore_conflicts=True)
