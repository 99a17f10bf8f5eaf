"""What a chronicle tells, read from public facts only: what anyone who may read the
campaign can already see on its pages (results, the graveyard, the standings, ratings, the
bout's odds shown before the fight, sheets' levels). Never an order, tactics, a seed, a log's
dice, a held or private post, nor a bout not yet decided beyond its title and time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations

from django.db.models import Count, Sum

from arena.bouts.selectors import UNDECIDED
from arena.careers.records import Seat, current_runs, opposed, outcome
from arena.careers.selectors import campaign_seats
from arena.models import Bout, BoutEntrant, BoutOdds, Rating
from campaign.models import Campaign
from characters.models import Gladiator, LedgerLine

# A result is an upset when the winner's chance before the fight, as its odds were shown,
# was at most this (one in three).
UPSET_CHANCE = 1 / 3
# Gladiators who met this many times or more are rivals.
RIVALS_MET = 3
LEADERS = 3


@dataclass(frozen=True)
class Result:
    bout_id: int
    title: str
    winner: str  # empty: a draw, or nobody won
    entrants: list[str]
    upset_chance: float | None = None  # the winner's chance before the fight, if an upset


@dataclass(frozen=True)
class Death:
    name: str
    kind: str
    owner: str
    killed_by: str
    bout_title: str
    wins: int
    bouts: int


@dataclass(frozen=True)
class Standing:
    name: str
    owner: str
    figure: float


@dataclass(frozen=True)
class Rivalry:
    first: str
    second: str
    met: int
    first_won: int
    second_won: int


@dataclass
class Facts:
    campaign: str
    start: datetime
    end: datetime
    results: list[Result] = field(default_factory=list)
    deaths: list[Death] = field(default_factory=list)
    leaders: list[Standing] = field(default_factory=list)
    rated: list[Standing] = field(default_factory=list)
    streaks: list[Standing] = field(default_factory=list)
    richest_stable: Standing | None = None
    rivalries: list[Rivalry] = field(default_factory=list)
    recruits: list[Standing] = field(default_factory=list)  # figure: level
    level_ups: list[Standing] = field(default_factory=list)  # figure: levels gained
    retired: list[str] = field(default_factory=list)
    coming: list[tuple[str, datetime]] = field(default_factory=list)

    @property
    def upsets(self) -> list[Result]:
        return [r for r in self.results if r.upset_chance is not None]


def _chance(bout: Bout, odds: dict[int, list[dict]]) -> float | None:
    """The winner's chance in the bout's own odds, as its page showed them before the fight."""
    for row in odds.get(bout.pk, []):
        if row.get("name") == bout.winner and row.get("bouts"):
            return row["wins"] / row["bouts"]
    return None


def _results(campaign: Campaign, start: datetime, end: datetime) -> list[Result]:
    bouts = list(
        Bout.objects.filter(
            campaign=campaign,
            status=Bout.Status.RESOLVED,
            resolved_at__gte=start,
            resolved_at__lt=end,
        )
        .only("id", "title", "winner", "resolved_at", "campaign_id")
        .order_by("resolved_at", "id")
    )
    names: dict[int, list[str]] = {}
    for bout_id, name in (
        BoutEntrant.objects.filter(bout__in=bouts)
        .order_by("id")
        .values_list("bout_id", "gladiator__name")
    ):
        names.setdefault(bout_id, []).append(name)
    odds: dict[int, list[dict]] = {}
    for bout_id, rows in (
        BoutOdds.objects.filter(bout__in=bouts, status=BoutOdds.Status.DONE)
        .order_by("finished_at", "id")
        .values_list("bout_id", "odds")
    ):
        odds[bout_id] = rows  # the last finished question of the bout counts
    results = []
    for bout in bouts:
        chance = _chance(bout, odds) if bout.winner else None
        upset = chance if chance is not None and chance <= UPSET_CHANCE else None
        results.append(Result(bout.pk, str(bout), bout.winner, names.get(bout.pk, []), upset))
    return results


def _rivalries(
    seats: list[list[Seat]], met_now: set[frozenset[int]], names: dict[int, str]
) -> list[Rivalry]:
    """Pairs who met RIVALS_MET times or more, counting every resolved bout (`seats`), and
    who met in the period."""
    tally: dict[tuple[int, int], list[int]] = {}
    for group in seats:
        for a, b in combinations(sorted(group, key=lambda s: s.gladiator_id), 2):
            if not opposed(a, b) or frozenset((a.gladiator_id, b.gladiator_id)) not in met_now:
                continue
            met, a_won, b_won = tally.setdefault((a.gladiator_id, b.gladiator_id), [0, 0, 0])
            result = outcome(a, b)
            tally[(a.gladiator_id, b.gladiator_id)] = [
                met + 1,
                a_won + (result == "won"),
                b_won + (result == "lost"),
            ]
    return sorted(
        (
            Rivalry(names[a], names[b], met, a_won, b_won)
            for (a, b), (met, a_won, b_won) in tally.items()
            if met >= RIVALS_MET
        ),
        key=lambda r: (-r.met, r.first, r.second),
    )


def chronicle_facts(*, campaign: Campaign, start: datetime, end: datetime) -> Facts:
    """Everything the chronicle of [start, end) may tell."""
    facts = Facts(campaign.name, start, end, results=_results(campaign, start, end))
    gladiators = Gladiator.objects.filter(campaign=campaign).select_related("owner")

    for g in gladiators.filter(
        status=Gladiator.Status.DEAD, ended_at__gte=start, ended_at__lt=end
    ).select_related("died_in"):
        title = str(g.died_in) if g.died_in_id else ""
        facts.deaths.append(
            Death(g.name, g.kind, g.owner.username, g.killed_by, title, g.wins, g.bouts_fought)
        )
    facts.retired = list(
        gladiators.filter(
            status=Gladiator.Status.RETIRED, ended_at__gte=start, ended_at__lt=end
        ).values_list("name", flat=True)
    )
    facts.leaders = [
        Standing(g.name, g.owner.username, g.wins)
        for g in gladiators.filter(wins__gt=0).order_by("-wins", "-opponents_defeated", "name")[
            :LEADERS
        ]
    ]
    facts.rated = [
        Standing(r.gladiator.name, r.gladiator.owner.username, round(r.ordinal, 1))
        for r in Rating.objects.filter(gladiator__campaign=campaign, ruleset=campaign.ruleset)
        .select_related("gladiator__owner")
        .order_by("-ordinal", "gladiator__name")[:LEADERS]
        if r.bouts
    ]

    seats = campaign_seats(campaign=campaign)
    by_id = {g.pk: g for g in gladiators}
    living = {pk for pk, g in by_id.items() if g.is_active}
    runs = current_runs(seats)
    facts.streaks = sorted(
        (
            Standing(by_id[pk].name, by_id[pk].owner.username, run)
            for pk, run in runs.items()
            if pk in living and run >= 2
        ),
        key=lambda s: (-s.figure, s.name),
    )

    stables = (
        gladiators.filter(status=Gladiator.Status.ACTIVE)
        .values("owner__username")
        .annotate(gold=Sum("gold"), n=Count("id"))
        .order_by("-gold", "owner__username")
    )
    top = next(iter(stables), None)
    if top and top["gold"]:
        facts.richest_stable = Standing(
            f"{top['n']} gladiators", top["owner__username"], top["gold"]
        )

    this_period = {r.bout_id for r in facts.results}
    met_now = {
        frozenset((a.gladiator_id, b.gladiator_id))
        for group in seats
        if group and group[0].bout_id in this_period
        for a, b in combinations(group, 2)
    }
    facts.rivalries = _rivalries(seats, met_now, {pk: g.name for pk, g in by_id.items()})

    facts.recruits = [
        Standing(g.name, g.owner.username, g.level)
        for g in gladiators.filter(created_at__gte=start, created_at__lt=end).order_by("created_at")
    ]
    gained = Counter(
        LedgerLine.objects.filter(
            gladiator__campaign=campaign,
            cause=LedgerLine.Cause.LEVEL_UP,
            currency=LedgerLine.Currency.XP,
            created_at__gte=start,
            created_at__lt=end,
        ).values_list("gladiator_id", flat=True)
    )
    facts.level_ups = [
        Standing(by_id[pk].name, by_id[pk].owner.username, n)
        for pk, n in sorted(gained.items(), key=lambda item: by_id[item[0]].name)
        if pk in by_id
    ]
    facts.coming = [
        (str(b), b.scheduled_at)
        for b in Bout.objects.filter(campaign=campaign, status__in=UNDECIDED, scheduled_at__gte=end)
        .only("id", "title", "scheduled_at", "campaign_id")
        .order_by("scheduled_at", "id")[:5]
    ]
    return facts
