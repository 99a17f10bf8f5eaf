"""Knockout tournament writes: creating one (the draw, the bracket, the byes, round one's
bouts) and scheduling each later bout once both its entrants are known. Winners are carried
forward by arena/tournaments/progress.py when a bout is settled (docs/tournaments.md)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.bouts.services import (
    REASON_MAX,
    SCHEDULE_REACH,
    TITLE_MAX,
    TURN_BY_TURN_LIVE,
    BoutRefusedByRules,
    bout_cancel,
    bout_schedule,
)
from arena.engine_io import bout_options_clean
from arena.gateway import ruleset
from arena.models import Bout, Tournament, TournamentEntry, TournamentMatch
from arena.seasons import bracket
from arena.seasons.seeding import seeded
from arena.tournaments.progress import match_decide
from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.text import text_input
from characters.catalogue import adapter, check_gladiator_can_fight
from characters.models import Gladiator

log = logging.getLogger(__name__)

# Rounds are spaced by at most a week: a knockout is one event, not a season.
ROUND_MINUTES_MAX = 7 * 24 * 60


def knockout_entrants(campaign: Campaign) -> tuple[int, int]:
    """The fewest and the most gladiators a knockout of the campaign's rule set takes."""
    return adapter(campaign.ruleset).knockout_entrants


@transaction.atomic
def tournament_create(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    gladiators: Sequence[Gladiator],
    starts_at: datetime,
    title: str = "",
    seeding: str = Tournament.Seeding.RANDOM,
    seed: int | None = None,
    round_minutes: int = 0,
    options: dict[str, Any] | None = None,
) -> Tournament:
    """The GM draws a knockout between active gladiators of the campaign and schedules round
    one; a gladiator given a bye waits in round two."""
    check_campaign_gm(campaign=campaign, user=by)
    options = bout_options_clean(campaign=campaign, options=options or {}, by_tactics=True)
    ids = [g.pk for g in gladiators]
    fewest, most = knockout_entrants(campaign)
    if not fewest <= len(ids) <= most:
        raise LudusError(
            f"A knockout of {ruleset(campaign.ruleset).title} takes {fewest} to {most} "
            f"gladiators; {len(ids)} were given.",
            field="gladiators",
        )
    if len(set(ids)) != len(ids):
        raise LudusError("A gladiator can enter a knockout only once.", field="gladiators")
    if seeding not in Tournament.Seeding.values:
        raise LudusError(
            f"Seeding is one of: {', '.join(Tournament.Seeding.values)}.", field="seeding"
        )
    if not 0 <= round_minutes <= ROUND_MINUTES_MAX:
        raise LudusError(
            f"Rounds are 0 to {ROUND_MINUTES_MAX} minutes apart.", field="round_minutes"
        )
    _check_start(starts_at)
    title = text_input(
        title, field="title", label="The title", max_length=TITLE_MAX, required=False
    )
    # The same lock as bout_schedule takes: no death or retirement between check and draw.
    rows = Gladiator.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    locked = list(rows.prefetch_related("holdings"))
    by_id = {g.pk: g for g in locked}
    for gladiator_id in ids:
        gladiator = by_id.get(gladiator_id)
        if gladiator is None or gladiator.campaign_id != campaign.pk:
            raise LudusError("Every gladiator must belong to this campaign.", field="gladiators")
        if not gladiator.is_active:
            raise LudusError(
                f"{gladiator.name} is {gladiator.get_status_display().lower()} and cannot fight.",
                field="gladiators",
            )
        check_gladiator_can_fight(gladiator, campaign=campaign)
    seed = seed if seed is not None else secrets.randbits(48)
    ranked = seeded([by_id[i] for i in ids], seeding=seeding, seed=seed, campaign=campaign)
    tournament = Tournament.objects.create(
        campaign=campaign,
        title=title or f"Knockout of {starts_at:%Y-%m-%d}",
        ruleset=campaign.ruleset,
        seeding=seeding,
        seed=seed,
        options=options,
        starts_at=starts_at,
        round_minutes=round_minutes,
        created_by=by,
    )
    entries = TournamentEntry.objects.bulk_create(
        TournamentEntry(tournament=tournament, gladiator=g, seed=n)
        for n, g in enumerate(ranked, start=1)
    )
    _draw(tournament, entries)
    audit_record(
        campaign=campaign,
        actor=by,
        action="tournament.create",
        tournament=tournament.pk,
        title=tournament.title,
        seeds=[g.name for g in ranked],
    )
    tournament_schedule_ready(tournament_id=tournament.pk)
    return tournament


def _check_start(starts_at: datetime) -> None:
    if timezone.is_naive(starts_at):
        raise LudusError("The start needs a time zone.", field="starts_at")
    now = timezone.now()
    if not now - SCHEDULE_REACH <= starts_at <= now + SCHEDULE_REACH:
        raise LudusError(
            f"A knockout starts at most {SCHEDULE_REACH.days} days ahead (or back); "
            f"{starts_at:%Y-%m-%d} is out of reach.",
            field="starts_at",
        )


def _draw(tournament: Tournament, entries: list[TournamentEntry]) -> None:
    """Every match of the bracket, round one filled from the seeds; byes decided at once."""
    by_seed = {e.seed: e for e in entries}
    rounds = bracket.rounds_of(len(entries))
    TournamentMatch.objects.bulk_create(
        TournamentMatch(tournament=tournament, round=r, slot=s)
        for r in range(1, rounds + 1)
        for s in range(bracket.matches_in_round(len(entries), r))
    )
    for slot, (top, bottom) in enumerate(bracket.first_round(len(entries))):
        match = TournamentMatch.objects.select_related("tournament").get(
            tournament=tournament, round=1, slot=slot
        )
        match.first = by_seed[top]
        match.second = by_seed[bottom] if bottom is not None else None
        match.save(update_fields=["first", "second"])
        if bottom is None:
            match_decide(match=match, winner=match.first, how=TournamentMatch.Decided.BYE)


def tournament_cancel(*, tournament: Tournament, by: AbstractBaseUser, reason: str = "") -> int:
    """The GM calls off a knockout still running: every bout of it not yet decided is cancelled
    (nobody is paid, as for any cancelled bout), no later match is scheduled, and no champion
    is crowned. Bouts already fought stay as they are, payouts and deaths included. Returns how
    many bouts were cancelled.

    Cancelling a match's bout alone does not end a knockout (its match is scheduled again: a
    match is fought until it is decided), hence this.

    The tournament's row lock keeps the scheduler (which takes it first) from adding a bout
    meanwhile. A bout the worker is settling at this very moment holds its own row lock: it is
    skipped rather than waited for (the settle path takes the bout's lock, then the
    tournament's), is fought to its end, and moves nothing on (tournament_progress.py only
    moves a running knockout on)."""
    check_campaign_gm(campaign=tournament.campaign, user=by)
    reason = text_input(
        reason, field="reason", label="The reason", max_length=REASON_MAX, required=False
    )
    with transaction.atomic():
        locked = (
            Tournament.objects.select_for_update()
            .filter(pk=tournament.pk, status=Tournament.Status.RUNNING)
            .first()
        )
        if locked is None:
            raise LudusError("Only a knockout still running can be cancelled; this one is not.")
        Tournament.objects.filter(pk=locked.pk).update(
            status=Tournament.Status.CANCELLED, finished_at=timezone.now()
        )
        undecided = list(
            Bout.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(
                tournament_match__tournament=locked,
                status__in=[Bout.Status.SCHEDULED, Bout.Status.VERDICT, *TURN_BY_TURN_LIVE],
            )
            .select_related("campaign")
            .order_by("pk")
        )
        why = f"The knockout {locked.title} was cancelled" + (f": {reason}" if reason else ".")
        for bout in undecided:
            bout_cancel(bout=bout, by=by, reason=why[:REASON_MAX])
        audit_record(
            campaign=locked.campaign,
            actor=by,
            action="tournament.cancel",
            tournament=locked.pk,
            bouts=len(undecided),
            reason=reason,
        )
    return len(undecided)


def round_start(tournament: Tournament, round_number: int) -> datetime:
    return tournament.starts_at + timedelta(minutes=tournament.round_minutes * (round_number - 1))


def tournament_schedule_ready(*, tournament_id: int) -> int:
    """Schedule a bout for every match whose two entrants are known and that has no bout in
    play (none yet, or its bout was cancelled: a match is fought until it is decided). An entrant
    that can no longer fight (dead, retired) loses by walkover, which may make the next match
    ready: the loop runs until nothing is left to do. Returns how many bouts were scheduled.

    The tournament's row lock makes a second delivery of the worker's message wait and then
    find nothing to do."""
    scheduled = 0
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update()
            .filter(pk=tournament_id, status=Tournament.Status.RUNNING)
            .first()
        )
        if tournament is None:
            return 0
        while True:
            ready = _ready_matches(tournament)
            if not ready:
                return scheduled
            for match in ready:
                scheduled += _schedule_match(tournament, match)


def _ready_matches(tournament: Tournament) -> list[TournamentMatch]:
    return list(
        TournamentMatch.objects.select_related("first__gladiator", "second__gladiator")
        .filter(
            tournament=tournament,
            winner__isnull=True,
            first__isnull=False,
            second__isnull=False,
        )
        .exclude(bout__status__in=[s for s in Bout.Status.values if s != Bout.Status.CANCELLED])
    )


def _schedule_match(tournament: Tournament, match: TournamentMatch) -> int:
    match.tournament = tournament
    unfit = [e for e in match.sides if not e.gladiator.is_active]
    if unfit:
        fit = [e for e in match.sides if e.gladiator.is_active]
        if fit:
            match_decide(match=match, winner=fit[0], how=TournamentMatch.Decided.WALKOVER)
        else:
            match_decide(
                match=match,
                winner=min(match.sides, key=lambda e: e.seed),
                how=TournamentMatch.Decided.NO_WINNER,
            )
        return 0
    rounds = bracket.rounds_of(tournament.entries.count())
    name = bracket.round_name(match.round, rounds)
    if bracket.matches_in_round(tournament.entries.count(), match.round) > 1:
        name += f" {match.slot + 1}"
    try:
        bout = bout_schedule(
            campaign=tournament.campaign,
            by=tournament.created_by,
            gladiators=[match.first.gladiator, match.second.gladiator],
            scheduled_at=max(round_start(tournament, match.round), timezone.now()),
            title=f"{tournament.title}: {name}"[:TITLE_MAX],
            options=tournament.options,
        )
    except BoutRefusedByRules as error:
        # These two can never meet (two of one Elders champion): no winner, so the documented
        # rule decides, as for a bout the engine refused.
        log.info("knockout %s: %s cannot be fought: %s", tournament.pk, match, error.message)
        match_decide(
            match=match,
            winner=min(match.sides, key=lambda e: e.seed),
            how=TournamentMatch.Decided.NO_WINNER,
        )
        return 0
    except LudusError as error:
        # An entrant is busy in a bout turn by turn: the sweeper tries again later.
        log.info("knockout %s: %s not scheduled yet: %s", tournament.pk, match, error.message)
        return 0
    match.bout = bout
    match.save(update_fields=["bout"])
    return 1


def tournaments_sweep() -> int:
    """Beat's safety net: schedule the ready matches of every running knockout (a lost message,
    a bout cancelled by the GM, an entrant that was busy)."""
    ids = (
        TournamentMatch.objects.filter(
            tournament__status=Tournament.Status.RUNNING,
            winner__isnull=True,
            first__isnull=False,
            second__isnull=False,
        )
        .exclude(bout__status__in=[s for s in Bout.Status.values if s != Bout.Status.CANCELLED])
        .values_list("tournament_id", flat=True)
        .distinct()
    )
    scheduled = 0
    for tournament_id in list(ids):
        try:  # one tournament's trouble must not keep the others waiting
            scheduled += tournament_schedule_ready(tournament_id=tournament_id)
        except Exception:
            log.exception("sweeper: knockout %s", tournament_id)
    return scheduled
