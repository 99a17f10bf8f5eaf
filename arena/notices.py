"""What a bout's life tells people (notifications/): a bout scheduled, a turn waiting for orders,
a turn resolved, a bout fought, a gladiator dead or spared, a mercy vote open. Each is recorded
inside the transaction of the service that made it happen, named by a key so that recording it
twice is once; the worker sends it out after commit."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import DurationField, ExpressionWrapper, F
from django.urls import reverse
from django.utils import timezone

from campaign.models import Membership
from campaign.notifications.models import Event
from campaign.notifications.services import event_record

from .models import Bout, BoutEntrant


def _bout_link(bout: Bout) -> str:
    return reverse("bout", args=[bout.campaign.slug, bout.pk])


def _owners(entrants: Iterable[BoutEntrant]) -> set[int]:
    return {e.gladiator.owner_id for e in entrants}


def _gms(bout: Bout) -> set[int]:
    return set(
        Membership.objects.filter(campaign_id=bout.campaign_id, role=Membership.Role.GM)
        .values_list("user_id", flat=True)
    )  # fmt: skip


def _entrants(bout: Bout) -> list[BoutEntrant]:
    return list(bout.entrants.select_related("gladiator"))


def notice_bout_scheduled(*, bout: Bout, by_id: int) -> None:
    entrants = _entrants(bout)
    names = ", ".join(e.gladiator.name for e in entrants)
    when = f"{bout.scheduled_at:%Y-%m-%d %H:%M} UTC"
    event_record(
        campaign=bout.campaign,
        kind=Event.Kind.BOUT_SCHEDULED,
        key=f"bout_scheduled:{bout.pk}",
        text=f"A bout is scheduled: {bout.title} ({names}), {when}.",
        link=_bout_link(bout),
        users=_owners(entrants) - {by_id},
        data={"bout": bout.pk, "scheduled_at": bout.scheduled_at.isoformat()},
    )


def notice_orders_needed(*, bout: Bout, living: Iterable[str]) -> None:
    """A new turn began: each owner of a gladiator still in the bout is asked for orders."""
    alive = set(living)
    by_owner: dict[int, list[BoutEntrant]] = {}
    for entrant in _entrants(bout):
        if entrant.gladiator.name in alive:
            by_owner.setdefault(entrant.gladiator.owner_id, []).append(entrant)
    until = f" by {bout.turn_deadline:%Y-%m-%d %H:%M} UTC" if bout.turn_deadline else ""
    for owner_id, theirs in by_owner.items():
        names = " and ".join(e.gladiator.name for e in theirs)
        link = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, theirs[0].pk])
        event_record(
            campaign=bout.campaign,
            kind=Event.Kind.ORDERS_NEEDED,
            key=f"orders_needed:{bout.pk}:{bout.turn}:{owner_id}",
            text=(
                f"Your orders are needed: {names} in {bout.title}, {bout.step} {bout.turn}{until}."
            ),
            link=link,
            users=[owner_id],
            data={
                "bout": bout.pk,
                "turn": bout.turn,
                "gladiators": [e.gladiator.name for e in theirs],
                "deadline": bout.turn_deadline.isoformat() if bout.turn_deadline else None,
            },
        )


# A reminder goes out once less than this share of a turn's time is left (as webDiplomacy's
# missed-orders e-mail): 20% of an hour is 12 minutes.
REMINDER_SHARE_OF_AN_HOUR = timedelta(minutes=12)


def orders_reminders_sweep(*, now: datetime | None = None) -> int:
    """Remind, once per turn, each owner whose gladiators in a running play-by-web bout still
    have no order when less than 20% of the turn's time is left. Beat runs it every minute on
    the messages queue; the event's key makes a second run record nothing. Returns the number
    of reminders recorded."""
    from .play_by_web import bout_turn_waiting  # play_by_web imports this module

    now = now or timezone.now()
    share = ExpressionWrapper(
        F("deadline_hours") * REMINDER_SHARE_OF_AN_HOUR, output_field=DurationField()
    )
    bouts = (
        Bout.objects.filter(
            status=Bout.Status.RUNNING,
            mode=Bout.Mode.ORDERS,
            deadline_hours__isnull=False,
            turn_deadline__gt=now,
        )
        .annotate(remind_at=F("turn_deadline") - share)
        .filter(remind_at__lte=now)
        .select_related("campaign")
        .defer("log", "engine_input")
    )
    count = 0
    for bout in bouts:
        waiting = set(bout_turn_waiting(bout=bout))
        by_owner: dict[int, list[BoutEntrant]] = {}
        for entrant in _entrants(bout):
            if entrant.gladiator.name in waiting:
                by_owner.setdefault(entrant.gladiator.owner_id, []).append(entrant)
        for owner_id, theirs in by_owner.items():
            key = f"orders_reminder:{bout.pk}:{bout.turn}:{owner_id}"
            if Event.objects.filter(key=key).exists():
                continue
            names = " and ".join(e.gladiator.name for e in theirs)
            with transaction.atomic():
                event_record(
                    campaign=bout.campaign,
                    kind=Event.Kind.ORDERS_REMINDER,
                    key=key,
                    text=(
                        f"Your orders are still missing: {names} in {bout.title}, {bout.step} "
                        f"{bout.turn}, which resolves at {bout.turn_deadline:%Y-%m-%d %H:%M} UTC."
                    ),
                    link=reverse("bout-orders", args=[bout.campaign.slug, bout.pk, theirs[0].pk]),
                    users=[owner_id],
                    data={
                        "bout": bout.pk,
                        "turn": bout.turn,
                        "gladiators": [e.gladiator.name for e in theirs],
                        "deadline": bout.turn_deadline.isoformat(),
                    },
                )
            count += 1
    return count


def notice_turn_resolved(*, bout: Bout, turn: int) -> None:
    event_record(
        campaign=bout.campaign,
        kind=Event.Kind.TURN_RESOLVED,
        key=f"turn_resolved:{bout.pk}:{turn}",
        text=f"{bout.step.title} {turn} of {bout.title} resolved.",
        link=f"{_bout_link(bout)}?turn={turn}#replay",
        users=_owners(_entrants(bout)),
        data={"bout": bout.pk, "turn": turn},
    )


def notice_bout_fought(*, bout: Bout) -> None:
    """The bout's result, to everyone in it and the GM; each death or mercy to its owner."""
    entrants = _entrants(bout)
    outcome = f"{bout.winner} won" if bout.winner else "nobody won"
    event_record(
        campaign=bout.campaign,
        kind=Event.Kind.BOUT_FOUGHT,
        key=f"bout_fought:{bout.pk}",
        text=f"{bout.title} was fought: {outcome}.",
        link=_bout_link(bout),
        users=_owners(entrants) | _gms(bout),
        data={"bout": bout.pk, "winner": bout.winner},
    )
    fates = {BoutEntrant.Fate.KILLED: "died", BoutEntrant.Fate.MERCY: "was spared"}
    for entrant in entrants:
        if entrant.fate in fates:
            name = entrant.gladiator.name
            event_record(
                campaign=bout.campaign,
                kind=Event.Kind.GLADIATOR_FATE,
                key=f"gladiator_fate:{bout.pk}:{entrant.gladiator_id}",
                text=f"{name} {fates[entrant.fate]} in {bout.title}.",
                link=_bout_link(bout),
                users=[entrant.gladiator.owner_id],
                data={"bout": bout.pk, "gladiator": name, "fate": entrant.fate},
            )


def notice_bout_voided(*, bout: Bout, reason: str) -> None:
    """A voided bout, to everyone in it and the GMs: their gold and lives are as before it."""
    event_record(
        campaign=bout.campaign,
        kind=Event.Kind.BOUT_VOIDED,
        key=f"bout_voided:{bout.pk}",
        text=f"{bout.title} was voided by the game master ({reason}): its payouts are reversed.",
        link=_bout_link(bout),
        users=_owners(_entrants(bout)) | _gms(bout),
        data={"bout": bout.pk, "reason": reason},
    )


def notice_mercy_vote(
    *, bout: Bout, gladiator: str, closes_at: datetime, voters: Iterable[int]
) -> None:
    """An appeal for mercy waits for a thumbs vote: everyone who may vote is asked, before the
    short deadline makes the dice decide."""
    event_record(
        campaign=bout.campaign,
        kind=Event.Kind.MERCY_VOTE,
        key=f"mercy_vote:{bout.pk}:{gladiator}",
        text=(
            f"{gladiator} appeals for mercy in {bout.title}: vote by "
            f"{closes_at:%Y-%m-%d %H:%M:%S} UTC, or the dice decide."
        ),
        link=reverse("bout-mercy", args=[bout.campaign.slug, bout.pk]),
        users=voters,
        data={"bout": bout.pk, "gladiator": gladiator, "closes_at": closes_at.isoformat()},
    )
