"""The rows a career page shows, each read in a few queries: the seats of the resolved bouts
(places and sides only, never a log), then the gladiators they name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count

from arena.models import Bout, BoutEntrant
from campaign.models import Campaign
from characters.models import Gladiator

from .records import Meeting, Seat, by_bout, career_days, head_to_head, longest_streaks

# How many gladiators each board of the hall of fame names.
HALL_SIZE = 5


def _seats(bouts) -> list[list[Seat]]:
    """The seats of `bouts` (a queryset of resolved bouts), grouped by bout, oldest first."""
    rows = (
        BoutEntrant.objects.filter(bout__in=bouts)
        .order_by("bout__resolved_at", "bout_id", "id")
        .values_list("bout_id", "gladiator_id", "team", "place")
    )
    return by_bout(Seat(*row) for row in rows)


def _resolved(campaign: Campaign):
    return Bout.objects.filter(campaign=campaign, status=Bout.Status.RESOLVED)


def campaign_seats(*, campaign: Campaign) -> list[list[Seat]]:
    """The seats of every resolved bout of the campaign, grouped by bout, oldest first."""
    return _seats(_resolved(campaign))


@dataclass(frozen=True)
class Rivalry:
    """A head-to-head row as the page shows it."""

    opponent: Gladiator
    meeting: Meeting
    last_bout: Bout


def rivalries_of(*, gladiator: Gladiator) -> list[Rivalry]:
    """`gladiator`'s record against every opponent it has met in a resolved bout."""
    bouts = _resolved(gladiator.campaign).filter(entrants__gladiator=gladiator)
    meetings = head_to_head(gladiator.pk, _seats(bouts))
    opponents = Gladiator.objects.in_bulk([m.opponent_id for m in meetings])
    last = Bout.objects.only("id", "title", "resolved_at", "campaign_id").in_bulk(
        [m.last_bout_id for m in meetings]
    )
    return [Rivalry(opponents[m.opponent_id], m, last[m.last_bout_id]) for m in meetings]


@dataclass(frozen=True)
class Fame:
    """One line of a board: who, the figure the board counts, and a word about it."""

    gladiator: Gladiator
    figure: int
    note: str = ""


@dataclass(frozen=True)
class Board:
    slug: str
    title: str
    counts: str  # what the figure is, as a column heading
    lines: list[Fame]


def hall_of_fame(*, campaign: Campaign, now: datetime, wins_word: str = "Wins") -> list[Board]:
    """The campaign's five boards: most wins, longest winning streak, richest, most kills and
    the longest career. Dead and retired gladiators stay on them: that is what fame is for."""
    gladiators = campaign.gladiators.select_related("owner")
    by_id = {g.pk: g for g in gladiators}
    by_name = {g.name: g for g in by_id.values()}

    most_wins = sorted(
        (g for g in by_id.values() if g.wins),
        key=lambda g: (-g.wins, -g.opponents_defeated, g.name),
    )
    streaks = [
        s for s in longest_streaks(campaign_seats(campaign=campaign)) if s.gladiator_id in by_id
    ]
    richest = sorted((g for g in by_id.values() if g.gold), key=lambda g: (-g.gold, g.name))
    # A death names its killer by name; only the campaign's own gladiators count (a death by
    # the emperor's verdict or a beast of the arena names no gladiator).
    kills = (
        campaign.gladiators.exclude(killed_by="")
        .values("killed_by")
        .annotate(n=Count("id"))
        .order_by()
    )
    killers = sorted(
        ((by_name[row["killed_by"]], row["n"]) for row in kills if row["killed_by"] in by_name),
        key=lambda pair: (-pair[1], pair[0].name),
    )
    careers = sorted(
        (g for g in by_id.values() if g.bouts_fought),
        key=lambda g: (-g.bouts_fought, g.created_at, g.name),
    )

    def days(g: Gladiator) -> str:
        n = career_days(g.created_at, g.ended_at, now)
        return f"{n} day{'s' if n != 1 else ''}" + (
            "" if g.is_active else f", {g.get_status_display().lower()}"
        )

    return [
        Board(
            "wins",
            f"Most {wins_word.lower()}",
            wins_word,
            [Fame(g, g.wins, f"in {g.bouts_fought} bouts") for g in most_wins[:HALL_SIZE]],
        ),
        Board(
            "streak",
            "Longest winning streak",
            "Bouts won in a row",
            [
                Fame(by_id[s.gladiator_id], s.length, "still running" if s.running else "")
                for s in streaks[:HALL_SIZE]
            ],
        ),
        Board("richest", "Richest", "Gold", [Fame(g, g.gold) for g in richest[:HALL_SIZE]]),
        Board(
            "kills",
            "Most kills",
            "Gladiators killed",
            [Fame(g, n) for g, n in killers[:HALL_SIZE]],
        ),
        Board(
            "longest",
            "Longest career",
            "Bouts fought",
            [Fame(g, g.bouts_fought, days(g)) for g in careers[:HALL_SIZE]],
        ),
    ]
