"""Season writes: the GM opens, pauses, resumes, extends and cancels a season; an owner
withdraws a gladiator; the worker plays each round at its time and finishes the season once
its last round is decided (docs/seasons.md)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from arena.bouts.selectors import bout_of_gladiator_in_play
from arena.bouts.services import (
    EARLY_TOLERANCE,
    ETA_HORIZON,
    PAST_GRACE,
    REASON_MAX,
    SCHEDULE_AHEAD,
    SCHEDULE_REACH,
    TITLE_MAX,
    TURN_BY_TURN_LIVE,
    bout_cancel,
    bout_schedule,
)
from arena.engine_io import bout_options_clean
from arena.gateway import SEASON_ENTRANTS, ruleset
from arena.models import Bout, BoutEntrant, Rating
from arena.play.services import bout_open, bout_start
from arena.play.turns import turn_rules
from arena.queue import enqueue_season_round
from campaign.models import Campaign
from campaign.reliability.models import Vacation
from campaign.reliability.policy import missed_turn_policy
from campaign.reliability.vacations import vacations_now
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError, NotAllowed
from campaign.shared.text import text_input
from characters.catalogue import adapter, check_gladiator_can_fight, fight_problems
from characters.models import Gladiator

from . import elimination
from .berger import berger_rounds, double_berger_rounds
from .groups import group_stage_rounds, knockout_order, snake_groups
from .models import BRACKET_FORMATS, Division, Season, SeasonEntry, SeasonFixture
from .results import points_of, results_of, season_fixtures, season_standings
from .seeding import check_seeding, seeded
from .swiss import swiss_pair
from .table import season_table

log = logging.getLogger(__name__)
Outcome = SeasonFixture.Outcome

ENTRANTS = SEASON_ENTRANTS
ROUND_DAYS = (1, 28)
POINTS_MAX = 100
EXTEND_MAX = 20
GROUPS_MAX = 16
# A bracket's rounds minutes apart are at most a week apart: an event, not a league.
ROUND_MINUTES_MAX = 7 * 24 * 60
DEADLINE_HOURS_MAX = 24 * 14  # as a bout's (arena/play/services.py)
# Bouts of a round that are not decided yet.
UNDECIDED = (Bout.Status.SCHEDULED, Bout.Status.VERDICT, *TURN_BY_TURN_LIVE)


def rounds_of(
    format: str,
    entrants: int,
    swiss_rounds: int | None,
    groups: int | None = None,
    advance: int | None = None,
) -> int:
    """How many rounds a season of `entrants` plays in `format` (Swiss: as the GM says;
    groups then knockout: the group stage, then the bracket of those who go through)."""
    if format == Season.Format.GROUPS:
        sizes = [len(g) for g in _groups_of(entrants, groups, advance)]
        knockout = elimination.single_elimination(len(sizes) * (advance or 0))
        return group_stage_rounds(sizes) + elimination.season_rounds(knockout)
    if format == Season.Format.ROUND_ROBIN:
        return len(berger_rounds(entrants))
    if format == Season.Format.DOUBLE_ROUND_ROBIN:
        return len(double_berger_rounds(entrants))
    if format in (Season.Format.KNOCKOUT, Season.Format.DOUBLE_ELIMINATION):
        return elimination.season_rounds(bracket_of(format, entrants))
    if format != Season.Format.SWISS:
        choices = ", ".join(Season.Format.values)
        raise LudusError(f"The format is one of {choices}, not {format!r}.", field="format")
    if swiss_rounds is None:
        raise LudusError("A Swiss season needs its number of rounds.", field="rounds")
    if not 1 <= swiss_rounds <= entrants - 1:
        raise LudusError(
            f"A Swiss season of {entrants} plays 1 to {entrants - 1} rounds (no rematch), "
            f"not {swiss_rounds}.",
            field="rounds",
        )
    return swiss_rounds


def _groups_of(entrants: int, groups: int | None, advance: int | None) -> list[list[int]]:
    """The groups' seeds; refused in words unless every group has two and someone from each
    group is out."""
    if groups is None or advance is None:
        raise LudusError(
            "Groups then knockout needs its number of groups and how many of each go through.",
            field="groups" if groups is None else "advance",
        )
    most = min(GROUPS_MAX, entrants // 2)
    if not 2 <= groups <= most:
        raise LudusError(
            f"{entrants} gladiators make 2 to {most} groups of two or more, not {groups}."
            if most >= 2
            else f"{entrants} gladiators are too few for two groups of two.",
            field="groups",
        )
    dealt = snake_groups(entrants, groups)
    smallest = min(len(g) for g in dealt)
    if not 1 <= advance <= smallest - 1:
        raise LudusError(
            f"With groups of {smallest}, 1 to {smallest - 1} of each go through, not {advance}.",
            field="advance",
        )
    return dealt


def bracket_of(format: str, entrants: int) -> list[elimination.Match]:
    """The bracket of a knockout or double elimination season of `entrants` (of the
    knockout's entrants in groups then knockout)."""
    if format == Season.Format.DOUBLE_ELIMINATION:
        return elimination.double_elimination(entrants)
    return elimination.single_elimination(entrants)


def _check_points(win: int, draw: int, loss: int) -> None:
    for name, value in (("points_win", win), ("points_draw", draw), ("points_loss", loss)):
        if not 0 <= value <= POINTS_MAX:
            raise LudusError(f"Points are 0 to {POINTS_MAX}, not {value}.", field=name)
    if not win >= draw >= loss or win == loss:
        raise LudusError(
            f"A win must score more than a loss, and a draw between them "
            f"(win {win}, draw {draw}, loss {loss}).",
            field="points_win",
        )


@transaction.atomic
def season_open(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    title: str,
    format: str,
    gladiators: Sequence[Gladiator],
    first_round_at: datetime,
    round_days: int = 7,
    rounds: int | None = None,
    points_win: int = 3,
    points_draw: int = 1,
    points_loss: int = 0,
    options: dict[str, Any] | None = None,
    mode: str = Bout.Mode.TACTICS,
    deadline_hours: int | None = 24,
    groups: int | None = None,
    advance: int | None = None,
    division: Division | None = None,
    seeding: str = Season.Seeding.GIVEN,
    seed: int | None = None,
    round_minutes: int | None = None,
) -> Season:
    """The GM opens a season (of one of the campaign's divisions, if given): the entrants are
    seeded (arena/seasons/seeding.py: in the order given, 1 first, unless a seeding says
    otherwise), a round robin's fixtures are all drawn now (Berger tables), a Swiss round is
    paired when it is due. Its bouts are fought by tactics at the round's time, or (mode
    "orders") by web, each started at the round's time with `deadline_hours` a turn. Nothing
    is stored unless everything is right."""
    check_campaign_gm(campaign=campaign, user=by)
    if campaign.is_archived:
        raise LudusError("An archived campaign opens no season.")
    if division is not None and division.campaign_id != campaign.pk:
        raise LudusError("The division must be one of this campaign's.", field="division")
    title = text_input(title, field="title", label="The title", max_length=TITLE_MAX)
    ids = [g.pk for g in gladiators]
    if not ENTRANTS[0] <= len(ids) <= ENTRANTS[1]:
        raise LudusError(
            f"A season takes {ENTRANTS[0]} to {ENTRANTS[1]} gladiators, not {len(ids)}.",
            field="gladiators",
        )
    if len(set(ids)) != len(ids):
        raise LudusError("A gladiator can enter a season only once.", field="gladiators")
    total = rounds_of(format, len(ids), rounds, groups, advance)
    seed = check_seeding(seeding, seed)
    _check_rule_set_limits(campaign, format, len(ids))
    if not ROUND_DAYS[0] <= round_days <= ROUND_DAYS[1]:
        raise LudusError(
            f"Rounds are {ROUND_DAYS[0]} to {ROUND_DAYS[1]} days apart, not {round_days}.",
            field="round_days",
        )
    if timezone.is_naive(first_round_at):
        raise LudusError("The first round's time needs a time zone.", field="first_round_at")
    now = timezone.now()
    if not now - PAST_GRACE <= first_round_at <= now + SCHEDULE_AHEAD:
        raise LudusError(
            f"Round one is due from now to a year ahead ({now + SCHEDULE_AHEAD:%Y-%m-%d}), "
            f"not {first_round_at:%Y-%m-%d %H:%M} UTC.",
            field="first_round_at",
        )
    _check_round_minutes(format, round_minutes)
    span = (
        timedelta(days=round_days) if round_minutes is None else timedelta(minutes=round_minutes)
    ) * (total - 1)
    if span > SCHEDULE_REACH:
        raise LudusError(
            f"{total} rounds {round_days} days apart last {span.days} days; a season lasts at "
            f"most {SCHEDULE_REACH.days}: fewer rounds, or rounds closer together.",
            field="round_days",
        )
    _check_points(points_win, points_draw, points_loss)
    by_web = _check_mode(campaign, mode, deadline_hours)
    options = bout_options_clean(campaign=campaign, options=options or {}, by_tactics=not by_web)
    locked = {
        g.pk: g
        for g in Gladiator.objects.select_for_update()
        .filter(pk__in=ids)
        .prefetch_related("holdings")
    }
    for gladiator_id in ids:
        gladiator = locked.get(gladiator_id)
        if gladiator is None or gladiator.campaign_id != campaign.pk:
            raise LudusError("Every gladiator must belong to this campaign.", field="gladiators")
        if not gladiator.is_active:
            raise LudusError(
                f"{gladiator.name} is {gladiator.get_status_display().lower()} and cannot "
                "enter a season.",
                field="gladiators",
            )
        check_gladiator_can_fight(gladiator, campaign=campaign)
    ranked = seeded([locked[gid] for gid in ids], seeding=seeding, seed=seed, campaign=campaign)
    season = Season.objects.create(
        campaign=campaign,
        division=division,
        title=title,
        format=format,
        rounds=total,
        groups=groups if format == Season.Format.GROUPS else None,
        advance=advance if format == Season.Format.GROUPS else None,
        first_round_at=first_round_at,
        round_days=round_days,
        round_minutes=round_minutes,
        seeding=seeding,
        seed=seed,
        points_win=points_win,
        points_draw=points_draw,
        points_loss=points_loss,
        options=options,
        mode=mode,
        deadline_hours=deadline_hours if by_web else None,
        next_round_at=first_round_at,
        created_by=by,
    )
    entries = SeasonEntry.objects.bulk_create(
        SeasonEntry(season=season, gladiator=gladiator, seed=n)
        for n, gladiator in enumerate(ranked, start=1)
    )
    if season.is_groups:
        _draw_groups(season, entries)
    elif not season.pairs_when_due:
        _draw_round_robin(season, entries)
    audit_record(
        campaign=campaign,
        actor=by,
        action="season.open",
        season=season.pk,
        title=title,
        format=format,
        rounds=total,
        division=division.name if division else None,
        seeding=seeding,
        entrants=[g.name for g in ranked],
    )
    if first_round_at <= timezone.now() + ETA_HORIZON:
        transaction.on_commit(lambda: enqueue_season_round(season.pk, eta=first_round_at))
    return season


def _check_rule_set_limits(campaign: Campaign, format: str, entrants: int) -> None:
    """The rule set's own limits on a season's format and entrants (its adapter's
    `season_entrants`: a knockout of Gladiator 101 takes 4 to 8)."""
    limits = adapter(campaign.ruleset).season_entrants(format)
    rules = ruleset(campaign.ruleset).title
    name = Season.Format(format).label.split(" (")[0].lower()
    if limits is None:
        raise LudusError(f"{rules} plays no {name} season.", field="format")
    fewest, most = limits
    if not fewest <= entrants <= most:
        raise LudusError(
            f"A {name} season of {rules} takes {fewest} to {most} gladiators, not {entrants}.",
            field="gladiators",
        )


def _check_round_minutes(format: str, round_minutes: int | None) -> None:
    """Minutes apart suit a bracket fought as one event (a round is paired once the one
    before is decided); a league's rounds are days apart."""
    if round_minutes is None:
        return
    if format not in BRACKET_FORMATS:
        raise LudusError(
            "Only a knockout or a double elimination has rounds minutes apart; a league's "
            "are days apart.",
            field="round_minutes",
        )
    if not 0 <= round_minutes <= ROUND_MINUTES_MAX:
        raise LudusError(
            f"Rounds are 0 to {ROUND_MINUTES_MAX} minutes apart, not {round_minutes}.",
            field="round_minutes",
        )


def _check_mode(campaign: Campaign, mode: str, deadline_hours: int | None) -> bool:
    """Whether the season plays by web; a mode its rule set cannot play is refused."""
    if mode not in Bout.Mode.values:
        choices = " or ".join(Bout.Mode.values)
        raise LudusError(f"The mode is {choices}, not {mode!r}.", field="mode")
    if mode == Bout.Mode.TACTICS:
        return False
    turn_rules(campaign.ruleset)  # "... is not played turn by turn on Ludus yet"
    if deadline_hours is not None and not 1 <= deadline_hours <= DEADLINE_HOURS_MAX:
        raise LudusError(
            f"A turn's deadline is 1 to {DEADLINE_HOURS_MAX} hours, or none; not {deadline_hours}.",
            field="deadline_hours",
        )
    return True


def _draw_round_robin(season: Season, entries: list[SeasonEntry]) -> None:
    by_seed = {e.seed: e for e in entries}
    table = (
        double_berger_rounds(len(entries))
        if season.format == Season.Format.DOUBLE_ROUND_ROBIN
        else berger_rounds(len(entries))
    )
    SeasonFixture.objects.bulk_create(
        SeasonFixture(
            season=season,
            round=number,
            board=board,
            first=by_seed[first],
            second=by_seed[second] if second is not None else None,
        )
        for number, pairs in enumerate(table, start=1)
        for board, (first, second) in enumerate(pairs, start=1)
    )


def _draw_groups(season: Season, entries: list[SeasonEntry]) -> None:
    """Each group's round robin (Berger tables over its seeds), all drawn now; the boards of
    a round run on from one group to the next."""
    by_seed = {e.seed: e for e in entries}
    dealt = snake_groups(len(entries), season.groups or 0)
    for number, seeds in enumerate(dealt, start=1):
        SeasonEntry.objects.filter(season=season, seed__in=seeds).update(group=number)
    boards: dict[int, int] = {}
    rows = []
    for seeds in dealt:
        for number, pairs in enumerate(berger_rounds(len(seeds)), start=1):
            for first, second in pairs:
                boards[number] = boards.get(number, 0) + 1
                rows.append(
                    SeasonFixture(
                        season=season,
                        round=number,
                        board=boards[number],
                        first=by_seed[seeds[first - 1]],
                        second=by_seed[seeds[second - 1]] if second is not None else None,
                    )
                )
    SeasonFixture.objects.bulk_create(rows)


def group_stage_length(season: Season) -> int:
    """The rounds before the bracket: the group stage's (0 in a bracket format)."""
    if not season.is_groups:
        return 0
    knockout = bracket_of(Season.Format.KNOCKOUT, (season.groups or 0) * (season.advance or 0))
    return season.rounds - elimination.season_rounds(knockout)


def season_round_play(*, season_id: int, now: datetime | None = None) -> int:
    """Play the season's next round if it is due: pair it (Swiss), then for every fixture
    record a bye, a forfeit, a postponement (a player on vacation, the policy waits), or
    schedule its bout now through the bout service (the worker fights it as any bout). Then
    play the fixtures postponed for a vacation now over. Returns how many bouts were scheduled.

    The season's row lock and `rounds_played` make it happen once: a second message, the
    sweeper or a second worker waits, then finds the round played. A Swiss round or a bracket
    round waits for every fixture of the rounds before it to be decided, a postponed one too
    (the sweeper comes back)."""
    now = now or timezone.now()
    with transaction.atomic():
        season = (
            Season.objects.select_for_update(of=("self",))
            .select_related("campaign", "created_by")
            .filter(pk=season_id, status=Season.Status.RUNNING, campaign__archived_at__isnull=True)
            .first()
        )
        if season is None:
            return 0
        away = _Absences(season, now)
        due = season.next_round_at is not None and season.next_round_at <= now + EARLY_TOLERANCE
        scheduled = 0
        if due and season.rounds_played < season.rounds:
            scheduled = _play_round(season, away)
        return scheduled + _play_postponed(season, now, away)


def season_first_round_ahead(*, season_id: int) -> int:
    """Play round one now, ahead of its time, its bouts scheduled for that time: a knockout
    drawn by its old address (arena/tournaments/services.py) has round one's bouts in the
    campaign's calendar at once, as a knockout always had. Returns how many bouts were
    scheduled; 0 if round one is played already."""
    with transaction.atomic():
        season = (
            Season.objects.select_for_update(of=("self",))
            .select_related("campaign", "created_by")
            .filter(
                pk=season_id,
                status=Season.Status.RUNNING,
                rounds_played=0,
                mode=Bout.Mode.TACTICS,  # a bout by web opens at its round's time, not before
            )
            .first()
        )
        if season is None or season.next_round_at is None:
            return 0
        away = _Absences(season, timezone.now())
        return _play_round(season, away, at=max(season.next_round_at, timezone.now()))


def _play_round(season: Season, away: _Absences, at: datetime | None = None) -> int:
    """Round `rounds_played + 1`, due now (or played ahead, its bouts `at` its time): paired
    if it pairs when due, played, the calendar moved on. 0 when it must wait for the round
    before."""
    number = season.rounds_played + 1
    knockout_stage = season.is_groups and number > group_stage_length(season)
    if season.pairs_when_due or knockout_stage:
        fixtures = season_fixtures(season)
        if any(f.result_outcome == Outcome.PENDING for f in fixtures):
            return 0
        if season.is_groups and number == group_stage_length(season) + 1:
            _seed_knockout(season, fixtures)
        if season.has_bracket:
            fixtures = _pair_bracket(season, number, fixtures)
            if fixtures is None:  # the champion is known: no round left to fight
                season.rounds = season.rounds_played
                season.next_round_at = None
                season.save(update_fields=["rounds", "next_round_at"])
                return 0
        else:
            fixtures = _pair_swiss(season, number, fixtures)
    else:
        fixtures = list(
            season.fixtures.select_related("first__gladiator", "second__gladiator").filter(
                round=number, outcome=Outcome.PENDING, bout__isnull=True
            )
        )
    scheduled = sum(_play(season, fixture, number, away, at) for fixture in fixtures)
    season.rounds_played = number
    season.next_round_at = (
        season.next_round_at + season.round_spacing if number < season.rounds else None
    )
    season.save(update_fields=["rounds_played", "next_round_at"])
    audit_record(
        campaign=season.campaign,
        actor=None,
        action="season.round",
        season=season.pk,
        round=number,
        bouts=scheduled,
    )
    return scheduled


class _Absences:
    """The entrants' owners on vacation now, read when a fixture is first played: a call with
    no round due and nothing postponed reads neither the policy nor the vacations."""

    def __init__(self, season: Season, now: datetime) -> None:
        self.season, self.now = season, now

    @cached_property
    def owners(self) -> dict[int, Vacation]:
        """Each owner away, with their vacation, when the campaign's policy waits for them;
        none when their fallback orders fight (their bouts are fought)."""
        campaign = self.season.campaign
        if not missed_turn_policy(campaign=campaign).vacation_waits:
            return {}
        owners = self.season.entries.values_list("gladiator__owner_id", flat=True)
        return vacations_now(campaign=campaign, user_ids=owners, at=self.now)


def _play_postponed(season: Season, now: datetime, away: _Absences) -> int:
    """The fixtures postponed for a vacation over by now, oldest round first, each once both
    its gladiators are free of another bout (the next call comes back for the rest)."""
    fixtures = list(
        season.fixtures.select_related("first__gladiator", "second__gladiator")
        .filter(postponed_until__lte=now, outcome=Outcome.PENDING, bout__isnull=True)
        .order_by("round", "board")
    )
    if not fixtures:
        return 0
    sides = {g for f in fixtures for g in (f.first.gladiator_id, f.second.gladiator_id)}
    busy = set(
        BoutEntrant.objects.filter(gladiator_id__in=sides, bout__status__in=UNDECIDED).values_list(
            "gladiator_id", flat=True
        )
    )
    scheduled = 0
    for fixture in fixtures:
        pair = {fixture.first.gladiator_id, fixture.second.gladiator_id}
        if pair & busy:
            continue
        scheduled += _play(season, fixture, fixture.round, away)
        if fixture.bout_id is not None:
            busy |= pair
    return scheduled


def _postpone(season: Season, fixture: SeasonFixture, away: _Absences) -> bool:
    """Postpone the fixture if a side's owner is away (the policy waits): until the last such
    vacation ends, with the reason in words. False: nobody is away, it is played."""
    owners = {fixture.first.gladiator.owner_id, fixture.second.gladiator.owner_id}
    vacations = [away.owners[owner] for owner in owners if owner in away.owners]
    if not vacations:
        return False
    last = max(vacations, key=lambda v: v.ends_at)
    fixture.postponed_until = last.ends_at
    fixture.postponed = f"{last.user.username} is on vacation until {last.ends.isoformat()}"
    fixture.save(update_fields=["postponed_until", "postponed"])
    audit_record(
        campaign=season.campaign,
        actor=None,
        action="season.postpone",
        season=season.pk,
        round=fixture.round,
        board=fixture.board,
        until=last.ends_at.isoformat(),
    )
    return True


def _pair_swiss(season: Season, number: int, fixtures: list[SeasonFixture]) -> list[SeasonFixture]:
    """Round `number`'s fixtures by the table as it stands: the entrants still in (not
    withdrawn, alive, not retired), best first."""
    standings = season_standings(season, fixtures)
    ranked = [
        row.entry
        for row, entry in standings
        if entry.withdrawn_at is None and entry.gladiator.is_active
    ]
    scores = {row.entry: row.points for row, _ in standings}
    met = {frozenset((f.first_id, f.second_id)) for f in fixtures if f.second_id is not None}
    had_bye = {f.first_id for f in fixtures if f.second_id is None and f.outcome == Outcome.BYE}
    pairing = swiss_pair(ranked, scores, met, had_bye)
    rows = [
        SeasonFixture(season=season, round=number, board=board, first_id=a, second_id=b)
        for board, (a, b) in enumerate(pairing.pairs, start=1)
    ]
    board = len(rows)
    if pairing.bye is not None:
        board += 1
        rows.append(SeasonFixture(season=season, round=number, board=board, first_id=pairing.bye))
    for entry in pairing.unpaired:
        board += 1
        rows.append(
            SeasonFixture(
                season=season,
                round=number,
                board=board,
                first_id=entry,
                outcome=Outcome.NONE,
                forfeit="No opponent left that it has not met.",
            )
        )
    SeasonFixture.objects.bulk_create(rows)
    return list(
        season.fixtures.select_related("first__gladiator", "second__gladiator").filter(
            round=number, outcome=Outcome.PENDING
        )
    )


def _seed_knockout(season: Season, fixtures: list[SeasonFixture]) -> None:
    """The group stage is over: the top `advance` of each group's table go through, seeded
    by place, then rating (the rule set's OpenSkill ordinal), then group order."""
    entries = list(season.entries.select_related("gladiator"))
    results = results_of(fixtures)
    places = []
    for group in range(1, (season.groups or 0) + 1):
        seeds = {e.pk: e.seed for e in entries if e.group == group}
        table = season_table(seeds, [r for r in results if r.first in seeds], points_of(season))
        places.append([row.entry for row in table])
    ordinal = dict(
        Rating.objects.filter(
            ruleset=season.campaign.ruleset, gladiator_id__in=[e.gladiator_id for e in entries]
        ).values_list("gladiator_id", "ordinal")
    )
    ratings = {e.pk: ordinal[e.gladiator_id] for e in entries if e.gladiator_id in ordinal}
    order = knockout_order(places, season.advance or 0, ratings)
    by_pk = {e.pk: e for e in entries}
    for number, pk in enumerate(order, start=1):
        by_pk[pk].knockout_seed = number
    SeasonEntry.objects.bulk_update([by_pk[pk] for pk in order], ["knockout_seed"])


def bracket_seeds(season: Season) -> dict[int, int]:
    """Each entry's seed in the bracket (entry id -> seed): its knockout seed after groups."""
    field = "knockout_seed" if season.is_groups else "seed"
    return {pk: seed for pk, seed in season.entries.values_list("pk", field) if seed}


def season_bracket(season: Season) -> list[elimination.Match]:
    if season.is_groups:
        return bracket_of(Season.Format.KNOCKOUT, (season.groups or 0) * (season.advance or 0))
    return bracket_of(season.format, season.entries.count())


def bracket_winners(season: Season, fixtures: list[SeasonFixture]) -> dict[str, int]:
    """Each decided match's winner, by seed: the side that won its bout or its forfeit; on a
    draw or no result (both out, a bout voided) the higher seed goes on (docs/seasons.md),
    and forfeits its next match if it still cannot fight."""
    seeds = bracket_seeds(season)
    won: dict[str, int] = {}
    for fixture in fixtures:
        if not fixture.match or fixture.result_outcome == Outcome.PENDING:
            continue
        first, second = seeds[fixture.first_id], seeds[fixture.second_id]
        if fixture.result_outcome == Outcome.FIRST:
            won[fixture.match] = first
        elif fixture.result_outcome == Outcome.SECOND:
            won[fixture.match] = second
        else:
            won[fixture.match] = min(first, second)
    return won


def _pair_bracket(
    season: Season, number: int, fixtures: list[SeasonFixture]
) -> list[SeasonFixture] | None:
    """Round `number`'s fixtures: the bracket's matches of that round with both sides known
    (a bye is decided in the bracket and is no fixture). None once the champion is known."""
    bracket = season_bracket(season)
    standings = elimination.resolve(bracket, bracket_winners(season, fixtures))
    if standings[bracket[-1].key].decided:
        return None
    entry_of = {seed: pk for pk, seed in bracket_seeds(season).items()}
    stage = number - group_stage_length(season)
    # A match may have its fixture already: a knockout carried from the tournaments' table
    # had scheduled it as soon as both its sides were known (arena/migrations/0027).
    drawn = {f.match: f.board for f in fixtures if f.round == number}
    due = [
        s
        for s in standings.values()
        if s.match.round == stage and s.fought and s.match.key not in drawn
    ]
    SeasonFixture.objects.bulk_create(
        SeasonFixture(
            season=season,
            round=number,
            board=board,
            first_id=entry_of[s.first],
            second_id=entry_of[s.second],
            match=s.match.key,
        )
        for board, s in enumerate(due, start=max(drawn.values(), default=0) + 1)
    )
    return list(
        season.fixtures.select_related("first__gladiator", "second__gladiator").filter(
            round=number, outcome=Outcome.PENDING
        )
    )


def unfit_reason(entry: SeasonEntry, campaign: Campaign) -> str:
    """Why the entry forfeits its fixture now ("" if it can fight): withdrawn by its owner,
    dead or retired, or unable to fight as it is equipped (the rule set's fight_problems)."""
    gladiator = entry.gladiator
    if entry.withdrawn_at is not None:
        return f"{gladiator.name} was withdrawn by its owner."
    if not gladiator.is_active:
        return f"{gladiator.name} is {gladiator.get_status_display().lower()}."
    problems = fight_problems(gladiator, campaign=campaign)
    if problems:
        return f"{gladiator.name} cannot fight: it {problems[0]}."
    return ""


def _play(
    season: Season,
    fixture: SeasonFixture,
    number: int,
    away: _Absences,
    at: datetime | None = None,
) -> int:
    """Decide, postpone or schedule one fixture (its bout now, or `at`); 1 if a bout was
    scheduled."""
    if fixture.second is None:
        fixture.outcome = Outcome.BYE
        fixture.save(update_fields=["outcome"])
        return 0
    campaign = season.campaign
    first, second = unfit_reason(fixture.first, campaign), unfit_reason(fixture.second, campaign)
    if first or second:
        outcome = Outcome.NONE if first and second else Outcome.SECOND if first else Outcome.FIRST
        _settle(
            fixture, outcome=outcome, forfeit=" ".join(r for r in (first, second) if r)[:REASON_MAX]
        )
        return 0
    if _postpone(season, fixture, away):
        return 0
    title = f"{season.title}: round {number}"[:TITLE_MAX]
    try:
        if season.mode == Bout.Mode.ORDERS:
            bout = _bout_by_web(season, fixture, title)
        else:
            bout = bout_schedule(
                campaign=campaign,
                by=season.created_by,
                gladiators=[fixture.first.gladiator, fixture.second.gladiator],
                scheduled_at=at or timezone.now(),
                title=title,
                options=season.options,
            )
    except (LudusError, NotAllowed) as error:
        # The rules refuse the pair, one is busy in a bout turn by turn, the opener is no
        # longer the GM: no result, in words, rather than a round that never ends.
        log.info("season %s: %s not fought: %s", season.pk, fixture, error.message)
        _settle(fixture, outcome=Outcome.NONE, forfeit=f"Not fought: {error.message}"[:REASON_MAX])
        return 0
    _settle(fixture, bout=bout)
    return 1


def _settle(fixture: SeasonFixture, **changes: object) -> None:
    """Store the fixture's outcome or its bout: either ends a postponement."""
    changes |= {"postponed_until": None, "postponed": ""}
    for field, value in changes.items():
        setattr(fixture, field, value)
    fixture.save(update_fields=list(changes))


def _bout_by_web(season: Season, fixture: SeasonFixture, title: str) -> Bout:
    """A bout by web for the pair, started at once: both entered (squares left to the arena,
    as for an entrant who names none), turn 1 open for orders until its deadline. The GM's
    own services do it, in the GM's name, in one savepoint: a bout the rules refuse to start
    is not left open."""
    with transaction.atomic():
        bout = bout_open(
            campaign=season.campaign,
            by=season.created_by,
            title=title,
            options=season.options,
            deadline_hours=season.deadline_hours,
        )
        gladiators = [fixture.first.gladiator, fixture.second.gladiator]
        for gladiator in gladiators:
            busy = bout_of_gladiator_in_play(
                gladiator_id=gladiator.pk, statuses=(*TURN_BY_TURN_LIVE, Bout.Status.SCHEDULED)
            )
            if busy is not None:
                raise LudusError(f"{gladiator.name} is already in {busy}.")
        BoutEntrant.objects.bulk_create(BoutEntrant(bout=bout, gladiator=g) for g in gladiators)
        return bout_start(bout=bout, by=season.created_by)


def season_finish_if_done(*, season_id: int) -> bool:
    """A running season whose every round is played and decided is finished."""
    with transaction.atomic():
        season = (
            Season.objects.select_for_update(of=("self",))
            .select_related("campaign")
            .filter(pk=season_id, status=Season.Status.RUNNING)
            .first()
        )
        if season is None or season.rounds_played < season.rounds:
            return False
        if season.fixtures.filter(bout__status__in=UNDECIDED).exists():
            return False
        if season.fixtures.filter(postponed_until__isnull=False).exists():
            return False  # a fixture postponed for a vacation is still to be fought
        season.status = Season.Status.FINISHED
        season.finished_at = timezone.now()
        season.save(update_fields=["status", "finished_at"])
        audit_record(
            campaign=season.campaign,
            actor=None,
            action="season.finish",
            season=season.pk,
            winner=season_winner(season).gladiator.name,
        )
    return True


def season_winner(season: Season) -> SeasonEntry:
    """Who won: a bracket's champion (its last match's winner), else the top of the table."""
    if season.has_bracket:
        fixtures = season_fixtures(season)
        seed = elimination.champion(season_bracket(season), bracket_winners(season, fixtures))
        if seed:
            entry = {s: pk for pk, s in bracket_seeds(season).items()}[seed]
            return season.entries.select_related("gladiator").get(pk=entry)
    return season_standings(season)[0][1]


def seasons_sweep(*, now: datetime | None = None) -> int:
    """Beat's round clock: play every running season's due round and its fixtures postponed
    for a vacation now over, and finish those whose last round is decided. Returns how many
    bouts were scheduled."""
    now = now or timezone.now()
    running = Season.objects.filter(
        status=Season.Status.RUNNING, campaign__archived_at__isnull=True
    )
    due = list(
        running.filter(Q(next_round_at__lte=now) | Q(fixtures__postponed_until__lte=now))
        .values_list("pk", flat=True)
        .distinct()
    )
    scheduled = 0
    for season_id in due:
        try:  # one season's trouble must not keep the others waiting
            scheduled += season_round_play(season_id=season_id, now=now)
        except Exception:
            log.exception("season %s: the round could not be played", season_id)
    ended = running.filter(next_round_at__isnull=True).values_list("pk", flat=True)
    for season_id in list(ended):
        season_finish_if_done(season_id=season_id)
    return scheduled


def _locked_season(season: Season, *, statuses: Sequence[str], doing: str) -> Season:
    locked = (
        Season.objects.select_for_update(of=("self",))
        .select_related("campaign")
        .filter(pk=season.pk)
        .first()
    )
    if locked is None or locked.status not in statuses:
        state = locked.get_status_display().lower() if locked else "gone"
        raise LudusError(
            f"Only a season {' or '.join(statuses)} can be {doing}; this one is {state}."
        )
    return locked


def season_pause(*, season: Season, by: AbstractBaseUser) -> Season:
    """No round is played while paused; the bouts of a round under way are still fought."""
    check_campaign_gm(campaign=season.campaign, user=by)
    with transaction.atomic():
        locked = _locked_season(season, statuses=[Season.Status.RUNNING], doing="paused")
        locked.status = Season.Status.PAUSED
        locked.paused_at = timezone.now()
        locked.save(update_fields=["status", "paused_at"])
        audit_record(campaign=locked.campaign, actor=by, action="season.pause", season=locked.pk)
    return locked


def season_resume(*, season: Season, by: AbstractBaseUser) -> Season:
    """The calendar moves on by the time the season was paused: rounds keep their spacing."""
    check_campaign_gm(campaign=season.campaign, user=by)
    with transaction.atomic():
        locked = _locked_season(season, statuses=[Season.Status.PAUSED], doing="resumed")
        paused_for = timezone.now() - (locked.paused_at or timezone.now())
        if locked.next_round_at is not None:
            locked.next_round_at += paused_for
        locked.status = Season.Status.RUNNING
        locked.paused_at = None
        locked.save(update_fields=["status", "paused_at", "next_round_at"])
        audit_record(
            campaign=locked.campaign,
            actor=by,
            action="season.resume",
            season=locked.pk,
            paused_hours=round(paused_for.total_seconds() / 3600, 2),
        )
    return locked


def season_extend(*, season: Season, by: AbstractBaseUser, rounds: int) -> Season:
    """A Swiss season plays `rounds` more rounds, on the same calendar (as many as entrants
    leave without a rematch); a round robin's rounds are its table's and cannot grow."""
    check_campaign_gm(campaign=season.campaign, user=by)
    with transaction.atomic():
        locked = _locked_season(
            season, statuses=[Season.Status.RUNNING, Season.Status.PAUSED], doing="extended"
        )
        if not locked.is_swiss:
            raise LudusError(
                "A round robin's or a bracket's rounds are set by its draw; only a Swiss season "
                "is extended.",
                field="rounds",
            )
        entrants = locked.entries.count()
        room = entrants - 1 - locked.rounds
        if not 1 <= rounds <= min(room, EXTEND_MAX):
            raise LudusError(
                f"This season can take 1 to {min(room, EXTEND_MAX)} more rounds, not {rounds}."
                if room > 0
                else f"Its {entrants} entrants have no opponent left for another round.",
                field="rounds",
            )
        if locked.next_round_at is None:  # every round played: the next one a period on
            locked.next_round_at = timezone.now() + locked.round_spacing
        locked.rounds += rounds
        locked.save(update_fields=["rounds", "next_round_at"])
        audit_record(
            campaign=locked.campaign,
            actor=by,
            action="season.extend",
            season=locked.pk,
            rounds=rounds,
            total=locked.rounds,
        )
    return locked


def season_cancel(*, season: Season, by: AbstractBaseUser, reason: str = "") -> int:
    """The season ends here: its bouts not yet fought are cancelled, its fixtures not yet
    played have no result, the table stays as it stood. Returns how many bouts were
    cancelled. Bouts already fought stay in the campaign's history."""
    check_campaign_gm(campaign=season.campaign, user=by)
    reason = text_input(
        reason, field="reason", label="The reason", max_length=REASON_MAX, required=False
    )
    with transaction.atomic():
        locked = _locked_season(
            season, statuses=[Season.Status.RUNNING, Season.Status.PAUSED], doing="cancelled"
        )
        locked.status = Season.Status.CANCELLED
        locked.finished_at = timezone.now()
        locked.next_round_at = None
        locked.save(update_fields=["status", "finished_at", "next_round_at"])
        why = f"The season {locked.title} was cancelled" + (f": {reason}" if reason else ".")
        undecided = list(
            Bout.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(fixture__season=locked, status__in=UNDECIDED)
            .select_related("campaign")
            .order_by("pk")
        )
        for bout in undecided:
            bout_cancel(bout=bout, by=by, reason=why[:REASON_MAX])
        locked.fixtures.filter(outcome=Outcome.PENDING, bout__isnull=True).update(
            outcome=Outcome.NONE, forfeit=why[:REASON_MAX], postponed_until=None, postponed=""
        )
        audit_record(
            campaign=locked.campaign,
            actor=by,
            action="season.cancel",
            season=locked.pk,
            bouts=len(undecided),
            reason=reason,
        )
    return len(undecided)


def season_withdraw(*, entry: SeasonEntry, by: AbstractBaseUser) -> SeasonEntry:
    """The owner takes a gladiator out of a season: it forfeits every fixture from now on (a
    Swiss season pairs it no more). Its results so far stand."""
    gladiator = entry.gladiator
    if gladiator.owner_id != by.pk:
        raise NotAllowed(f"Only {gladiator.name}'s owner may withdraw it.")
    with transaction.atomic():
        _locked_season(
            entry.season,
            statuses=[Season.Status.RUNNING, Season.Status.PAUSED],
            doing="withdrawn from",
        )
        updated = SeasonEntry.objects.filter(pk=entry.pk, withdrawn_at__isnull=True).update(
            withdrawn_at=timezone.now()
        )
        if not updated:
            raise LudusError(f"{gladiator.name} is already withdrawn from this season.")
        audit_record(
            campaign=entry.season.campaign,
            actor=by,
            action="season.withdraw",
            season=entry.season_id,
            gladiator=gladiator.name,
        )
    entry.refresh_from_db()
    return entry
