"""Divisions and the change-over between seasons: the GM adds a campaign's divisions (ranked,
the first is the top); once every division's last season is closed, Ludus proposes the next
season of each (arena/seasons/promotion.py over the final tables), and the GM confirms it,
which opens those seasons with the entrants proposed (docs/seasons.md, docs/decisions/0089
and 0090).

A proposal carries a digest of what it says; the confirmation sends it back, and a proposal
that no longer holds (a gladiator died or joined, a season was reopened, someone confirmed
first) is refused, in words, with nothing opened."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max

from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import TITLE_MAX
from campaign.shared.text import text_input
from characters.catalogue import fight_problems
from characters.selectors import gladiators_active

from .models import Division, Season, SeasonEntry
from .promotion import NextTier, Standing, Tier, propose
from .results import season_standings
from .selectors import divisions_of_campaign, last_seasons
from .services import season_open
from .table import Row

NAME_MAX = 60
DIVISIONS_MAX = 10
MOVES_MAX = 16
MOVES_DEFAULT = 2
CLOSED = (Season.Status.FINISHED, Season.Status.CANCELLED)
# A next season's title is the GM's title, a comma and the division's name.
NEXT_TITLE_MAX = TITLE_MAX - NAME_MAX - 2


def _check_moves(moves: int | None, *, field: str = "moves") -> None:
    if moves is not None and not 0 <= moves <= MOVES_MAX:
        raise LudusError(
            f"A division changes 0 to {MOVES_MAX} gladiators with the one below, not {moves}.",
            field=field,
        )


@transaction.atomic
def division_create(
    *, campaign: Campaign, by: AbstractBaseUser, name: str, moves: int | None = None
) -> Division:
    """The GM adds a division below the campaign's others (the first is Division I, the
    top). `moves`: how many change places with the division below it; None takes the
    number the GM gives for the campaign when the next seasons are proposed."""
    check_campaign_gm(campaign=campaign, user=by)
    if campaign.is_archived:
        raise LudusError("An archived campaign takes no new division.")
    name = text_input(name, field="name", label="The name", max_length=NAME_MAX)
    _check_moves(moves)
    divisions = Division.objects.filter(campaign=campaign)
    if divisions.count() >= DIVISIONS_MAX:
        raise LudusError(f"A campaign has at most {DIVISIONS_MAX} divisions.", field="name")
    if divisions.filter(name__iexact=name).exists():
        raise LudusError(f"This campaign already has a division named {name}.", field="name")
    rank = (divisions.aggregate(most=Max("rank"))["most"] or 0) + 1
    try:  # two additions at once take the same rank: the constraint refuses the second
        with transaction.atomic():
            division = Division.objects.create(campaign=campaign, name=name, rank=rank, moves=moves)
    except IntegrityError:
        raise LudusError(
            "Another division was added at the same moment: look at the list and try again.",
            field="name",
        ) from None
    audit_record(campaign=campaign, actor=by, action="division.create", division=name, rank=rank)
    return division


def _locked_divisions(division: Division) -> dict[int, Division]:
    """The campaign's divisions, by id, locked (their own rows only) in rank order: an edit
    or a removal waits for another, and sees the ranks and names it leaves."""
    locked = Division.objects.select_for_update(of=("self",)).filter(campaign=division.campaign_id)
    return {d.pk: d for d in locked.order_by("rank")}


@transaction.atomic
def division_edit(
    *, division: Division, by: AbstractBaseUser, name: str, moves: int | None = None
) -> Division:
    """The GM renames a division or changes how many go up and down from it (None: the
    campaign's number). Its seasons keep the titles they were opened with."""
    check_campaign_gm(campaign=division.campaign, user=by)
    if division.campaign.is_archived:
        raise LudusError("An archived campaign's divisions stay as they are.")
    name = text_input(name, field="name", label="The name", max_length=NAME_MAX)
    _check_moves(moves)
    divisions = _locked_divisions(division)
    if division.pk not in divisions:
        raise LudusError("This division was removed meanwhile.")
    if any(
        d.name.casefold() == name.casefold() for pk, d in divisions.items() if pk != division.pk
    ):
        raise LudusError(f"This campaign already has a division named {name}.", field="name")
    before = divisions[division.pk]
    division.name, division.moves, division.rank = name, moves, before.rank
    division.save(update_fields=["name", "moves"])
    audit_record(
        campaign=division.campaign,
        actor=by,
        action="division.edit",
        division=name,
        was=before.name,
        moves=moves,
    )
    return division


@transaction.atomic
def division_delete(*, division: Division, by: AbstractBaseUser) -> None:
    """The GM removes a division that has no season; those below it move up a rank. A
    division that has played stays: its seasons are the campaign's history (rename it)."""
    check_campaign_gm(campaign=division.campaign, user=by)
    if division.campaign.is_archived:
        raise LudusError("An archived campaign's divisions stay as they are.")
    divisions = _locked_divisions(division)
    if division.pk not in divisions:
        raise LudusError("This division was removed meanwhile.")
    if Season.objects.filter(division=division).exists():
        raise LudusError(
            f"{division.name} has seasons, which the campaign's history keeps: rename it "
            "rather than remove it."
        )
    rank = divisions[division.pk].rank
    division.delete()
    # One row at a time, top first: each takes the rank the one above it has just left, so
    # the rank's unique constraint holds after every statement.
    for below in (d for d in divisions.values() if d.rank > rank):
        Division.objects.filter(pk=below.pk).update(rank=below.rank - 1)
    audit_record(
        campaign=division.campaign, actor=by, action="division.delete", division=division.name
    )


@dataclass(frozen=True)
class DivisionPlan:
    """One division in a proposal: its last season and final table (each row with its
    mark), and its next season's entrants."""

    division: Division
    season: Season | None
    table: list[tuple[Row, SeasonEntry, str]]
    next: NextTier

    @property
    def opens(self) -> bool:
        """Whether it has a next season: two entrants or more."""
        return len(self.next.entrants) >= 2


@dataclass(frozen=True)
class Proposal:
    """The next season of every division, or why there is none yet (`waiting`)."""

    moves: int
    plans: list[DivisionPlan] = field(default_factory=list)
    waiting: str = ""
    left_out: list[str] = field(default_factory=list)  # newcomers who cannot fight, in words
    digest: str = ""


def promotion_proposal(*, campaign: Campaign, moves: int = MOVES_DEFAULT) -> Proposal:
    """Who goes up, who goes down, and each division's next entrants, once every division's
    last season is closed. `moves` is the campaign's number, for a division without its own."""
    _check_moves(moves)
    divisions = list(divisions_of_campaign(campaign=campaign))
    if not divisions:
        return Proposal(moves=moves, waiting="This campaign has no divisions yet.")
    last = last_seasons(divisions)
    if not last:
        return Proposal(moves=moves, waiting="No division has played a season yet.")
    for division in divisions:
        season = last.get(division.pk)
        if season is not None and season.status not in CLOSED:
            return Proposal(
                moves=moves,
                waiting=f"{division.name}'s season {season.title} is still "
                f"{season.get_status_display().lower()}: the next seasons are proposed once "
                "every division's last season is over.",
            )
    tables = {pk: season_standings(season) for pk, season in last.items()}
    tiers = [
        Tier(
            division=d.pk,
            name=d.name,
            moves=d.moves if d.moves is not None else moves,
            table=tuple(
                Standing(e.gladiator_id, e.gladiator.name, e.gladiator.is_active)
                for _, e in tables.get(d.pk, [])
            ),
        )
        for d in divisions
    ]
    placed = {e.gladiator_id for table in tables.values() for _, e in table}
    newcomers, left_out = [], []
    for gladiator in gladiators_active(campaign=campaign).exclude(pk__in=placed).order_by("pk"):
        problems = fight_problems(gladiator, campaign=campaign)
        if problems:
            left_out.append(f"{gladiator.name} cannot fight: it {problems[0]}.")
        else:
            newcomers.append(Standing(gladiator.pk, gladiator.name))
    proposed = propose(tiers, newcomers)
    plans = [
        DivisionPlan(
            division=d,
            season=last.get(d.pk),
            table=[
                (row, entry, plan.marks.get(entry.gladiator_id, ""))
                for row, entry in tables.get(d.pk, [])
            ],
            next=plan,
        )
        for d, plan in zip(divisions, proposed, strict=True)
    ]
    return Proposal(moves=moves, plans=plans, left_out=left_out, digest=_digest(plans, last, moves))


def _digest(plans: list[DivisionPlan], last: dict[int, Season], moves: int) -> str:
    """What the proposal says, in a few characters: the GM's confirmation sends it back."""
    said = {
        "moves": moves,
        "divisions": [
            [
                p.division.pk,
                p.division.moves,
                last[p.division.pk].pk if p.division.pk in last else None,
                [[e.gladiator, e.came] for e in p.next.entrants],
                sorted(p.next.marks.items()),
            ]
            for p in plans
        ],
    }
    return hashlib.sha256(json.dumps(said, sort_keys=True).encode()).hexdigest()[:16]


@transaction.atomic
def divisions_advance(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    digest: str,
    title: str,
    first_round_at: datetime,
    moves: int = MOVES_DEFAULT,
) -> list[Season]:
    """The GM confirms the proposal they were shown (its `digest`): each division with two
    entrants or more opens its next season, titled "<title>, <division>", round one at
    `first_round_at`, in its last season's format, calendar, points and options (those of the
    nearest division above that has one, for a division without). The final tables are
    marked: who went up, down or out. A proposal that no longer holds is refused, and so is
    anything a season would refuse, naming the division; nothing is opened then."""
    check_campaign_gm(campaign=campaign, user=by)
    if campaign.is_archived:
        raise LudusError("An archived campaign opens no season.")
    title = text_input(title, field="title", label="The title", max_length=NEXT_TITLE_MAX)
    # The divisions, locked: a second confirmation waits, then finds the seasons running.
    list(Division.objects.select_for_update().filter(campaign=campaign))
    proposal = promotion_proposal(campaign=campaign, moves=moves)
    if proposal.waiting:
        raise LudusError(proposal.waiting, field="digest")
    if digest != proposal.digest:
        raise LudusError(
            "The proposal has changed since it was shown (a result, a death, a new gladiator "
            "or another confirmation): look at the new one and confirm it.",
            field="digest",
        )
    opened = []
    template: Season | None = None
    for plan in proposal.plans:
        template = plan.season or template
        if not plan.opens or template is None:
            continue
        opened.append(_open_next(campaign, by, plan, template, title, first_round_at))
    if not opened:
        raise LudusError("No division has two gladiators for a next season.", field="digest")
    moved: dict[str, list[SeasonEntry]] = {"up": [], "down": [], "out": []}
    for plan in proposal.plans:
        for _, entry, mark in plan.table:
            if mark:
                moved[mark].append(entry)
    for mark, entries in moved.items():  # the final tables marked, one update a mark
        SeasonEntry.objects.filter(pk__in=[e.pk for e in entries]).update(movement=mark)
    audit_record(
        campaign=campaign,
        actor=by,
        action="divisions.advance",
        seasons=[s.title for s in opened],
        **{
            what: [e.gladiator.name for e in moved[mark]]
            for what, mark in (("promoted", "up"), ("relegated", "down"), ("dropped", "out"))
        },
    )
    return opened


def _open_next(
    campaign: Campaign,
    by: AbstractBaseUser,
    plan: DivisionPlan,
    template: Season,
    title: str,
    first_round_at: datetime,
) -> Season:
    gladiators = {
        g.pk: g
        for g in gladiators_active(campaign=campaign).filter(
            pk__in=[e.gladiator for e in plan.next.entrants]
        )
    }
    entrants = [gladiators[e.gladiator] for e in plan.next.entrants]
    rounds = min(template.rounds, len(entrants) - 1) if template.is_swiss else None
    try:
        return season_open(
            campaign=campaign,
            by=by,
            title=f"{title}, {plan.division.name}",
            format=template.format,
            gladiators=entrants,
            first_round_at=first_round_at,
            round_days=template.round_days,
            rounds=rounds,
            points_win=template.points_win,
            points_draw=template.points_draw,
            points_loss=template.points_loss,
            options=template.options,
            mode=template.mode,
            deadline_hours=template.deadline_hours,
            groups=template.groups,
            advance=template.advance,
            division=plan.division,
            round_minutes=template.round_minutes,
        )
    except LudusError as error:
        raise LudusError(f"{plan.division.name}: {error.message}", field=error.field) from None
