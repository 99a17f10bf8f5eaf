"""Skill ratings: an OpenSkill (Weng-Lin) Plackett-Luce rating per gladiator per rule set,
moved by every decided bout and moved back when the bout is voided (docs/ratings.md).

A bout's sides are its teams (the entrants sharing a `team`), or each entrant alone when it
has none; a side's rank is the best place the engine gave any of its members, so a draw (equal
places) is a tie. Every change is kept as a RatingChange row (before and after), in the order
the changes were applied: a void restores its gladiators' ratings from the row and plays the
later bouts of the campaign again from there, so the ratings end as if the bout had never
been fought.

Locks: a rating is written under its gladiator's row lock (the resolution's or the void's
`entrants_lock`), then a transaction-scoped advisory lock on the campaign's ratings. A
resolution takes it shared (resolutions never wait on each other); a void takes it exclusive,
as its replay rewrites ratings of gladiators it has not locked.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import F, FloatField, Min, OuterRef, Prefetch, Subquery, Value
from django.db.models.functions import Coalesce
from openskill.models import PlackettLuce

from .models import Bout, BoutEntrant, Rating, RatingChange

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: the published defaults
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
# The value shown and sorted by: a rating the gladiator is 99.7 % likely to be above.
Z = 3.0
START_ORDINAL = START_MU - Z * START_SIGMA
# Rows a void or a rebuild writes per statement: one CASE per field and row grows the
# statement, and a campaign's history can hold thousands.
BATCH = 500
LOCK_SPACE = zlib.crc32(b"ludus ratings") - 2**31  # the advisory lock's first key (int4)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


START = Skill(START_MU, START_SIGMA)


@dataclass(frozen=True, slots=True)
class Seat:
    """An entrant as the rating reads it: who, on which side, and its place."""

    gladiator_id: int
    team: str
    place: int | None


def sides_of(seats: Sequence[Seat]) -> tuple[list[list[int]], list[int]]:
    """The bout's sides (gladiator ids) and their ranks (1 best, equal for a tie). Entrants
    without a place (none in a decided bout) count for nothing; one side alone rates nothing."""
    sides: dict[str, list[int]] = {}
    best: dict[str, int] = {}
    for seat in seats:
        if seat.place is None:
            continue
        key = f"team:{seat.team}" if seat.team else f"alone:{seat.gladiator_id}"
        sides.setdefault(key, []).append(seat.gladiator_id)
        best[key] = min(best.get(key, seat.place), seat.place)
    if len(sides) < 2:
        return [], []
    return list(sides.values()), [best[key] for key in sides]


def rate(
    sides: Sequence[Sequence[int]], ranks: Sequence[int], skills: dict[int, Skill]
) -> dict[int, Skill]:
    """The skills after a bout with these sides and ranks, from `skills` before it."""
    teams = [[MODEL.rating(mu=skills[g].mu, sigma=skills[g].sigma) for g in side] for side in sides]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return {
        g: Skill(r.mu, r.sigma)
        for side, team in zip(sides, rated, strict=True)
        for g, r in zip(side, team, strict=True)
    }


def _lock(campaign_id: int, *, exclusive: bool) -> None:
    kind = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {kind}(%s, %s)", [LOCK_SPACE, campaign_id % 2**31])


def _seats(bout_ids: Iterable[int]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = defaultdict(list)
    rows = BoutEntrant.objects.filter(bout_id__in=list(bout_ids)).order_by("id")
    for bout_id, gid, team, place in rows.values_list("bout_id", "gladiator_id", "team", "place"):
        seats[bout_id].append(Seat(gid, team, place))
    return seats


def _current(ruleset: str, ids: Iterable[int]) -> dict[int, Rating]:
    """The rating rows of these gladiators under the rule set, made at the start if missing
    (one read once every gladiator has a row)."""
    ids = sorted(set(ids))
    rows = {r.gladiator_id: r for r in Rating.objects.filter(ruleset=ruleset, gladiator_id__in=ids)}
    missing = [g for g in ids if g not in rows]
    if missing:
        Rating.objects.bulk_create(
            [
                Rating(gladiator_id=g, ruleset=ruleset, mu=START_MU, sigma=START_SIGMA,
                       ordinal=START_ORDINAL)
                for g in missing
            ],
            ignore_conflicts=True,  # another bout's first rating of the same gladiator
        )  # fmt: skip
        made = Rating.objects.filter(ruleset=ruleset, gladiator_id__in=missing)
        rows.update((r.gladiator_id, r) for r in made)
    return rows


def _apply(
    *, bout_id: int, ruleset: str, at: datetime, seats: Sequence[Seat], rows: dict[int, Rating]
) -> list[RatingChange]:
    """Rate one bout from `rows` (updated in memory); the change rows, unsaved."""
    sides, ranks = sides_of(seats)
    if not sides:
        return []
    before = {g: Skill(rows[g].mu, rows[g].sigma) for side in sides for g in side}
    after = rate(sides, ranks, before)
    changes = []
    for g, skill in after.items():
        row = rows[g]
        row.mu, row.sigma, row.ordinal = skill.mu, skill.sigma, skill.ordinal
        row.bouts += 1
        changes.append(
            RatingChange(
                bout_id=bout_id, gladiator_id=g, ruleset=ruleset, mu_before=before[g].mu,
                sigma_before=before[g].sigma, mu=skill.mu, sigma=skill.sigma,
                ordinal=skill.ordinal, at=at,
            )
        )  # fmt: skip
    return changes


def seats_of(entrants: Iterable[BoutEntrant]) -> list[Seat]:
    return [Seat(e.gladiator_id, e.team, e.place) for e in entrants]


def ratings_update(*, bout: Bout, seats: Sequence[Seat] | None = None) -> None:
    """Rate a just decided bout, once: inside its resolution, with its entrants' places stored
    and their gladiator rows locked. A bout already rated is left as it is. `seats`: its
    entrants as the caller holds them (read from the database when not given)."""
    _lock(bout.campaign_id, exclusive=False)
    if RatingChange.objects.filter(bout=bout).exists():
        return
    if seats is None:
        seats = _seats([bout.pk])[bout.pk]
    rows = _current(bout.ruleset, (s.gladiator_id for s in seats))
    changes = _apply(
        bout_id=bout.pk, ruleset=bout.ruleset, at=bout.resolved_at, seats=seats, rows=rows
    )
    if not changes:
        return
    RatingChange.objects.bulk_create(changes)
    touched = [rows[c.gladiator_id] for c in changes]
    Rating.objects.bulk_update(touched, ["mu", "sigma", "ordinal", "bouts"])


def ratings_undo(*, bout: Bout) -> None:
    """Take a voided bout out of the ratings: its gladiators go back to their ratings before
    it, and every later rated bout of the campaign touching a changed rating is rated again,
    in the same order, so each rating ends as if the bout had never been fought. Run under
    the bout's and its entrants' locks, before its places are cleared."""
    _lock(bout.campaign_id, exclusive=True)
    undone = list(RatingChange.objects.filter(bout=bout).order_by("id"))
    if not undone:
        return
    ruleset = bout.ruleset
    # The replayed state: a gladiator's skill as it now stands in the replay, for those the
    # void has changed so far; everybody else keeps their stored history.
    state = {c.gladiator_id: Skill(c.mu_before, c.sigma_before) for c in undone}
    counts = defaultdict(int, {c.gladiator_id: -1 for c in undone})
    RatingChange.objects.filter(bout=bout).delete()
    later = (
        RatingChange.objects.filter(
            bout__campaign_id=bout.campaign_id, ruleset=ruleset, id__gt=undone[0].id
        )
        .values("bout_id")
        .annotate(first=Min("id"))
        .order_by("first")
    )
    order = [row["bout_id"] for row in later]
    history: dict[int, list[RatingChange]] = defaultdict(list)
    for change in RatingChange.objects.filter(bout_id__in=order).order_by("id"):
        history[change.bout_id].append(change)
    seats = _seats(order)
    rewritten: list[RatingChange] = []
    for bout_id in order:
        changes = history[bout_id]
        if not any(c.gladiator_id in state for c in changes):
            continue  # untouched by the void: its stored change stands
        before = {
            c.gladiator_id: state.get(c.gladiator_id, Skill(c.mu_before, c.sigma_before))
            for c in changes
        }
        sides, ranks = sides_of(seats[bout_id])
        after = rate(sides, ranks, before)
        for change in changes:
            skill = after[change.gladiator_id]
            change.mu_before = before[change.gladiator_id].mu
            change.sigma_before = before[change.gladiator_id].sigma
            change.mu, change.sigma, change.ordinal = skill.mu, skill.sigma, skill.ordinal
            state[change.gladiator_id] = skill
            rewritten.append(change)
    RatingChange.objects.bulk_update(
        rewritten, ["mu_before", "sigma_before", "mu", "sigma", "ordinal"], batch_size=BATCH
    )
    rows = _current(ruleset, state)
    for g, skill in state.items():
        row = rows[g]
        row.mu, row.sigma, row.ordinal = skill.mu, skill.sigma, skill.ordinal
        row.bouts += counts[g]
    Rating.objects.bulk_update(rows.values(), ["mu", "sigma", "ordinal", "bouts"], batch_size=BATCH)


def ratings_rebuild(*, campaign_id: int) -> int:
    """Rate every decided bout of the campaign again from the start, in the order they were
    decided (for bouts fought before ratings existed). Returns how many bouts were rated."""
    _lock(campaign_id, exclusive=True)
    RatingChange.objects.filter(bout__campaign_id=campaign_id).delete()
    Rating.objects.filter(gladiator__campaign_id=campaign_id).delete()
    bouts = list(
        Bout.objects.filter(campaign_id=campaign_id, status=Bout.Status.RESOLVED)
        .order_by("resolved_at", "id")
        .values_list("id", "ruleset", "resolved_at")
    )
    seats = _seats(b[0] for b in bouts)
    rows: dict[str, dict[int, Rating]] = defaultdict(dict)
    changes: list[RatingChange] = []
    rated = 0
    for bout_id, ruleset, at in bouts:
        mine = rows[ruleset]
        for seat in seats[bout_id]:
            mine.setdefault(
                seat.gladiator_id,
                Rating(gladiator_id=seat.gladiator_id, ruleset=ruleset, mu=START_MU,
                       sigma=START_SIGMA, ordinal=START_ORDINAL),
            )  # fmt: skip
        made = _apply(bout_id=bout_id, ruleset=ruleset, at=at, seats=seats[bout_id], rows=mine)
        changes.extend(made)
        rated += bool(made)
    RatingChange.objects.bulk_create(changes, batch_size=BATCH)
    Rating.objects.bulk_create(
        (r for mine in rows.values() for r in mine.values() if r.bouts), batch_size=BATCH
    )
    return rated


# Reads: what pages and the API show.


def ordinal_expression(ruleset: str) -> Coalesce:
    """A gladiator query's annotation: its rating's ordinal under the rule set, the starting
    one when it has fought no rated bout (so the table sorts every gladiator)."""
    stored = Rating.objects.filter(gladiator=OuterRef("pk"), ruleset=ruleset).values("ordinal")
    return Coalesce(Subquery(stored[:1]), Value(START_ORDINAL), output_field=FloatField())


def rating_start(*, gladiator_id: int, ruleset: str) -> Rating:
    """The rating of a gladiator without rated bouts (unsaved)."""
    return Rating(
        gladiator_id=gladiator_id, ruleset=ruleset, mu=START_MU, sigma=START_SIGMA,
        ordinal=START_ORDINAL,
    )  # fmt: skip


def rating_of(*, gladiator_id: int, ruleset: str) -> Rating:
    """The gladiator's rating under the rule set (the starting one if it has none)."""
    found = Rating.objects.filter(gladiator_id=gladiator_id, ruleset=ruleset).first()
    return found or rating_start(gladiator_id=gladiator_id, ruleset=ruleset)


def ratings_prefetch(ruleset: str) -> Prefetch:
    """For a list of gladiators: each one's rating rows under the rule set, as `rating_rows`
    (one query for the list instead of one per gladiator)."""
    return Prefetch(
        "ratings", queryset=Rating.objects.filter(ruleset=ruleset), to_attr="rating_rows"
    )


def rating_history(*, gladiator_id: int, ruleset: str):
    """The gladiator's rating changes under the rule set, the first first, each with what the
    bout did to the shown rating (`ordinal_change`) and its bout's title (the bout row's log
    is left unread)."""
    return (
        RatingChange.objects.filter(gladiator_id=gladiator_id, ruleset=ruleset)
        .annotate(ordinal_change=F("ordinal") - (F("mu_before") - Z * F("sigma_before")))
        .select_related("bout")
        .only("id", "bout_id", "bout__title", "ruleset", "mu", "sigma", "ordinal", "mu_before",
              "sigma_before", "at")
        .order_by("id")
    )  # fmt: skip
