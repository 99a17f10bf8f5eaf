"""The reminder of missing orders: once less than 20% of a play-by-web turn's time is left,
each owner whose gladiators still have no order is told so, once per turn."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import DurationField, ExpressionWrapper, F
from django.urls import reverse
from django.utils import timezone

from campaign.notifications.models import Event
from campaign.notifications.services import event_record

from .models import Bout
from .play_by_web import bout_turn_waiting

# A reminder goes out once less than this share of a turn's time is left (as webDiplomacy's
# missed-orders e-mail): 20% of an hour is 12 minutes.
REMINDER_SHARE_OF_AN_HOUR = timedelta(minutes=12)


def orders_reminders_sweep(*, now: datetime | None = None) -> int:
    """Remind, once per turn, each owner whose gladiators in a running play-by-web bout still
    have no order when less than 20% of the turn's time is left. Beat runs it every minute on
    the messages queue; the event's key makes a second run record nothing. Returns the number
    of reminders recorded."""
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
        by_owner: dict[int, list] = {}
        for entrant in bout.entrants.select_related("gladiator"):
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
