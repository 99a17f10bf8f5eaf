"""Knockouts drawn and called off by their old addresses: a knockout is a `knockout` season
(arena/seasons/, docs/decisions/0091 and 0098). `tournament_create` opens one and plays its
round one at once, its bouts scheduled for the round's time, as a knockout always did."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from arena.bouts.services import SCHEDULE_AHEAD, SCHEDULE_REACH
from arena.seasons.models import Season
from arena.seasons.services import (
    ROUND_MINUTES_MAX,
    season_cancel,
    season_first_round_ahead,
    season_open,
    season_round_play,
)
from arena.tournaments.models import Tournament
from arena.tournaments.selectors import tournament_of_number
from campaign.models import Campaign
from campaign.services import check_campaign_gm
from campaign.shared.errors import LudusError
from characters.catalogue import adapter
from characters.models import Gladiator

__all__ = ["ROUND_MINUTES_MAX", "knockout_entrants", "tournament_cancel", "tournament_create"]


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
    """The GM draws a knockout between active gladiators of the campaign: a knockout season
    whose round one is played at once (a gladiator given a bye waits in round two). Round
    one is at most a year ahead, as a season's; its bouts are scheduled for it. A start
    already past (a year back at most, as a bout's) is round one now."""
    check_campaign_gm(campaign=campaign, user=by)  # before any check that would say more
    if seeding not in Tournament.Seeding.values:
        raise LudusError(
            f"Seeding is one of: {', '.join(Tournament.Seeding.values)}.", field="seeding"
        )
    if timezone.is_naive(starts_at):
        raise LudusError("The start needs a time zone.", field="starts_at")
    now = timezone.now()
    if not now - SCHEDULE_REACH <= starts_at <= now + SCHEDULE_AHEAD:
        raise LudusError(
            f"A knockout starts at most {SCHEDULE_AHEAD.days} days ahead (or "
            f"{SCHEDULE_REACH.days} back); {starts_at:%Y-%m-%d} is out of reach.",
            field="starts_at",
        )
    season = season_open(
        campaign=campaign,
        by=by,
        title=title.strip() or f"Knockout of {starts_at:%Y-%m-%d}",
        format=Season.Format.KNOCKOUT,
        gladiators=gladiators,
        # A start already past is round one now: the season's calendar does not look back.
        first_round_at=max(starts_at, now),
        round_minutes=round_minutes,
        seeding=seeding,
        seed=seed,
        options=options,
    )
    season_first_round_ahead(season_id=season.pk)
    return Tournament.objects.get(pk=season.pk)


def tournament_cancel(*, tournament: Tournament, by: AbstractBaseUser, reason: str = "") -> int:
    """The GM calls a knockout off: its season is cancelled (arena/seasons/services.py).
    Returns how many bouts were cancelled."""
    return season_cancel(season=tournament, by=by, reason=reason)


def tournament_schedule(*, tournament_id: int) -> int:
    """A knockout's message queued before knockouts were seasons: its season's round call,
    found by the knockout's old id (or its own). Returns how many bouts were scheduled."""
    season = tournament_of_number(Tournament.objects.all(), tournament_id)
    return season_round_play(season_id=season.pk) if season is not None else 0
