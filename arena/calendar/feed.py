"""A player's calendar (RFC 5545, by the `icalendar` package): the bouts their gladiators are
in that are still to be fought, the order deadlines of their bouts by web, and their season
fixtures not yet scheduled as bouts. Only what the player's own pages show: titles, names,
times and links; never a seed, an order or a tactic (docs/time.md)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.urls import reverse
from icalendar import Calendar, Event

from arena.models import Bout, BoutEntrant
from arena.seasons.models import Season, SeasonFixture
from campaign.notifications.webhooks import absolute

COMING = (Bout.Status.OPEN, Bout.Status.SCHEDULED, Bout.Status.RUNNING, Bout.Status.VERDICT)
BOUT_LENGTH = timedelta(hours=1)  # an entry in a calendar needs an end; a bout has none
DEADLINE_LENGTH = timedelta(minutes=15)


@dataclass(frozen=True)
class Entry:
    uid: str
    summary: str
    start: datetime
    length: timedelta
    link: str
    description: str = ""


def _names(bout: Bout) -> str:
    return " v ".join(e.gladiator.name for e in bout.entrants.all())


def bout_entries(user: AbstractBaseUser) -> list[Entry]:
    """Each coming bout of the user's gladiators at its time, and each turn of a bout by web
    that waits for orders at its deadline."""
    entered = BoutEntrant.objects.filter(gladiator__owner=user).values("bout_id")
    bouts = (
        Bout.objects.filter(pk__in=entered, status__in=COMING)
        .select_related("campaign")
        .prefetch_related("entrants__gladiator")
        .order_by("scheduled_at", "pk")
    )
    entries = []
    for bout in bouts:
        link = absolute(reverse("bout", args=[bout.campaign.slug, bout.pk]))
        title = bout.title or _names(bout)
        entries.append(
            Entry(
                uid=f"bout-{bout.pk}",
                summary=f"Bout: {title}",
                start=bout.scheduled_at,
                length=BOUT_LENGTH,
                link=link,
                description=f"{bout.campaign.name}: {_names(bout)}.",
            )
        )
        waits = bout.mode == Bout.Mode.ORDERS and bout.status == Bout.Status.RUNNING
        if waits and bout.turn_deadline is not None:
            entries.append(
                Entry(
                    uid=f"bout-{bout.pk}-turn-{bout.turn}",
                    summary=f"Orders due: {title}, {bout.step} {bout.turn}",
                    start=bout.turn_deadline,
                    length=DEADLINE_LENGTH,
                    link=link,
                    description=f"{bout.campaign.name}: your orders for {bout.step} "
                    f"{bout.turn} are due; the {bout.step} resolves then without them.",
                )
            )
    return entries


def fixture_entries(user: AbstractBaseUser) -> list[Entry]:
    """The user's fixtures of a running season that have no bout yet, at their round's time
    (the next round's time, one round's days apart after it); a fixture postponed for a
    vacation at the vacation's end, when it is played (docs/seasons.md)."""
    fixtures = (
        SeasonFixture.objects.filter(
            Q(first__gladiator__owner=user) | Q(second__gladiator__owner=user),
            Q(season__next_round_at__isnull=False) | Q(postponed_until__isnull=False),
            season__status=Season.Status.RUNNING,
            bout__isnull=True,
            outcome=SeasonFixture.Outcome.PENDING,
        )
        .select_related("season__campaign", "first__gladiator", "second__gladiator")
        .order_by("season_id", "round", "board")
    )
    entries = []
    for fixture in fixtures:
        season = fixture.season
        ahead = fixture.round - season.rounds_played - 1
        if fixture.postponed_until is not None:
            start = fixture.postponed_until
        elif ahead < 0:  # a round already played (a fixture forfeited without a bout)
            continue
        else:
            start = season.next_round_at + season.round_spacing * ahead
        names = fixture.first.gladiator.name
        if fixture.second is not None:
            names += f" v {fixture.second.gladiator.name}"
        entries.append(
            Entry(
                uid=f"fixture-{fixture.pk}",
                summary=f"{season.title}, round {fixture.round}: {names}",
                start=start,
                length=BOUT_LENGTH,
                link=absolute(reverse("season", args=[season.campaign.slug, season.pk])),
                description=f"{season.campaign.name}: a fixture of {season.title}.",
            )
        )
    return entries


def calendar_of(user: AbstractBaseUser, *, now: datetime) -> bytes:
    """The user's feed as iCalendar text."""
    calendar = Calendar()
    calendar.add("prodid", "-//Ludus//Calendar feed//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", "Ludus: your bouts")
    for entry in [*bout_entries(user), *fixture_entries(user)]:
        event = Event()
        event.add("uid", f"{entry.uid}@ludus")
        event.add("dtstamp", now)
        event.add("dtstart", entry.start)
        event.add("dtend", entry.start + entry.length)
        event.add("summary", entry.summary)
        event.add("description", entry.description)
        event.add("url", entry.link)
        calendar.add_component(event)
    return calendar.to_ical()
