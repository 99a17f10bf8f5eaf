"""Missed turns: the policy's choices applied when a turn resolves, and the GM setting it."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F

from arena.models import Bout, BoutEntrant, TurnOrder
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError

from .models import (
    POLICY_LIMIT,
    VACATION_LIMIT,
    ExcusedMisses,
    MissedTurnPolicy,
    TurnAttendance,
)
from .policy import missed_turn_policy
from .vacations import owners_away

Outcome = TurnAttendance.Outcome


def _count(value: object, what: str, field: str, *, limit: int = POLICY_LIMIT) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise LudusError(
            f"{what} must be a whole number, not {str(value)[:20]!r}.", field=field
        ) from None
    if not 0 <= number <= limit:
        raise LudusError(f"{what} must be between 0 and {limit}.", field=field)
    return number


def _yes_no(value: object, field: str) -> bool:
    if isinstance(value, bool):
        return value
    answer = str(value).strip().lower()
    if answer in {"wait", "yes", "true", "on", "1"}:
        return True
    if answer in {"orders", "no", "false", "off", "0"}:
        return False
    raise LudusError(
        "Say whether bouts wait for a player on vacation (wait) or use their orders (orders).",
        field=field,
    )


@transaction.atomic
def missed_turn_policy_set(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    excused_allowed: object,
    disorder_after: object,
    vacation_days: object = None,
    vacation_waits: object = None,
) -> MissedTurnPolicy:
    """The GM sets what a missed turn costs, and the vacation allowance (None: as it was);
    recorded in the audit trail. It applies to the turns resolved from now on: the record of
    turns already resolved stays as it was."""
    check_campaign_gm(campaign=campaign, user=by)
    current = missed_turn_policy(campaign=campaign)
    excused = _count(excused_allowed, "Excused misses", "excused_allowed")
    disorder = _count(disorder_after, "Misses before civil disorder", "disorder_after")
    days = (
        current.vacation_days
        if vacation_days is None
        else _count(vacation_days, "Vacation days", "vacation_days", limit=VACATION_LIMIT)
    )
    waits = (
        current.vacation_waits
        if vacation_waits is None
        else _yes_no(vacation_waits, "vacation_waits")
    )
    policy, _ = MissedTurnPolicy.objects.update_or_create(
        campaign=campaign,
        defaults={
            "excused_allowed": excused,
            "disorder_after": disorder,
            "vacation_days": days,
            "vacation_waits": waits,
        },
    )
    audit_record(
        campaign=campaign,
        actor=by,
        action="missed_turn_policy.set",
        excused_allowed=excused,
        disorder_after=disorder,
        vacation_days=days,
        vacation_waits=waits,
    )
    return policy


def gladiators_in_disorder(*, bout: Bout, names: Iterable[str]) -> set[str]:
    """The gladiators among `names` whose owner's last misses in this bout, in a row and
    unexcused, reach the policy's count: their fallback orders are set aside and their
    tactics fight."""
    names = set(names)
    if not names:  # every order given: the policy is not even read
        return set()
    after = missed_turn_policy(campaign=bout.campaign).disorder_after
    if not after:
        return set()
    recent: dict[str, list[str]] = {}
    rows = (
        TurnAttendance.objects.filter(bout=bout, gladiator__in=names)
        .order_by("gladiator", "-turn")
        .values_list("gladiator", "outcome")
    )
    for name, outcome in rows:
        recent.setdefault(name, []).append(outcome)
    away = owners_away(bout=bout, names=recent)  # on vacation: their fallback orders fight
    return {
        name
        for name, outcomes in recent.items()
        if name not in away
        and len(outcomes) >= after
        and all(o == Outcome.MISSED for o in outcomes[:after])
    }


def _excuse(*, campaign: Campaign, user_id: int, allowed: int) -> bool:
    """Spend one of the player's excused misses, if any is left: one UPDATE, which waits for
    another transaction spending one and then sees what it spent."""
    return bool(
        ExcusedMisses.objects.filter(campaign=campaign, user_id=user_id, used__lt=allowed).update(
            used=F("used") + 1
        )
    )


def turn_attendance_record(
    *,
    bout: Bout,
    turn: int,
    living: Iterable[str],
    ordered: Collection[str] | None = None,
    owners: Mapping[str, int | None] | None = None,
) -> None:
    """Record, for each living gladiator of a turn being resolved, whether its owner gave an
    order for that very turn. A turn left to a standing order is a miss: the standing order is
    the fallback the miss used. A miss is excused while its player has excused fewer than the
    policy allows in the campaign. Runs inside the resolving transaction. `ordered`: the names
    of the gladiators with an order for `turn`, when the caller has read them already (the
    resolve has, under the bout's lock); else they are read here. `owners`: each of the bout's
    gladiators' owner id by name, when the caller has read them (the resolve has, with the
    gladiators' lock); else they are read here. The policy is read only when somebody
    missed."""
    living = list(living)
    if owners is None:
        owners = dict(
            BoutEntrant.objects.filter(bout=bout, gladiator__name__in=living).values_list(
                "gladiator__name", "gladiator__owner_id"
            )
        )
    if ordered is None:
        ordered = set(
            TurnOrder.objects.filter(bout=bout, turn=turn).values_list(
                "entrant__gladiator__name", flat=True
            )
        )
    missing = {owners[name] for name in living if name in owners and name not in ordered}
    allowed = missed_turn_policy(campaign=bout.campaign).excused_allowed if missing else 0
    # Counters of the allowance spent, one per player, created before the first miss; each
    # excused miss is one conditional UPDATE (below), so two bouts of one player resolving at
    # the same instant take it one after the other and never excuse more than allowed.
    if allowed:
        ExcusedMisses.objects.bulk_create(
            [ExcusedMisses(campaign=bout.campaign, user_id=user_id) for user_id in missing],
            ignore_conflicts=True,
        )
    rows = []
    for name in living:
        user_id = owners.get(name)
        if user_id is None:  # an arena beast or a gladiator without an owner: nobody missed
            continue
        if name in ordered:
            outcome = Outcome.ORDERED
        elif allowed and _excuse(campaign=bout.campaign, user_id=user_id, allowed=allowed):
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
