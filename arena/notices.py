"""What a bout's life tells people (notifications/): a bout scheduled, a turn waiting for orders,
a turn resolved, a bout fought, a gladiator dead or spared, a mercy vote open. Each is recorded
inside the transaction of the service that made it happen, named by a key so that recording it
twice is once; the worker sends it out after commit."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.urls import reverse

from arena.models import Bout, BoutEntrant
from campaign.models import Membership
from campaign.notifications.models import Event
from campaign.notifications.services import EventNote, event_record, events_record


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
    events_record(campaign=bout.campaign, notes=_orders_needed(bout, living, _entrants(bout)))


def notice_turn_resolved(
    *,
    bout: Bout,
    turn: int,
    living: Iterable[str],
    entrants: list[BoutEntrant] | None = None,
) -> None:
    """Turn `turn` resolved and the next one began: everyone in the bout is told, and each
    owner of a gladiator still in it is asked for orders; the events of the turn are recorded
    together (a few queries a turn, however many owners). `entrants`: the bout's entrants
    with their gladiators, when the caller has read them (the resolve has); else read here."""
    # A running bout's entrants have no place yet: in the order they entered, as it lists them.
    entrants = _entrants(bout) if entrants is None else sorted(entrants, key=lambda e: e.pk)
    resolved = EventNote(
        kind=Event.Kind.TURN_RESOLVED,
        key=f"turn_resolved:{bout.pk}:{turn}",
        text=f"{bout.step.title} {turn} of {bout.title} resolved.",
        link=f"{_bout_link(bout)}?turn={turn}#replay",
        users=_owners(entrants),
        data={"bout": bout.pk, "turn": turn},
    )
    events_record(campaign=bout.campaign, notes=[resolved, *_orders_needed(bout, living, entrants)])


def _orders_needed(
    bout: Bout, living: Iterable[str], entrants: list[BoutEntrant]
) -> list[EventNote]:
    alive = set(living)
    by_owner: dict[int, list[BoutEntrant]] = {}
    for entrant in entrants:
        if entrant.gladiator.name in alive:
            by_owner.setdefault(entrant.gladiator.owner_id, []).append(entrant)
    until = f" by {bout.turn_deadline:%Y-%m-%d %H:%M} UTC" if bout.turn_deadline else ""
    notes = []
    for owner_id, theirs in by_owner.items():
        names = " and ".join(e.gladiator.name for e in theirs)
        link = reverse("bout-orders", args=[bout.campaign.slug, bout.pk, theirs[0].pk])
        notes.append(
            EventNote(
                kind=Event.Kind.ORDERS_NEEDED,
                key=f"orders_needed:{bout.pk}:{bout.turn}:{owner_id}",
                text=(
                    f"Your orders are needed: {names} in {bout.title}, {bout.step} "
                    f"{bout.turn}{until}."
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
        )
    return notes


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
