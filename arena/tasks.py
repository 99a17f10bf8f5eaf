"""Celery interfaces to the bout services. Each takes ids and calls one service."""

from __future__ import annotations

from celery import shared_task

from arena.bouts.services import bout_resolve, bouts_sweep_due, verification_run
from arena.chronicle.services import chronicles_draft_due
from arena.lab.services import lab_chunk_run, lab_runs_sweep
from arena.mercy.verdicts import mercy_vote_close, mercy_votes_sweep
from arena.odds.services import odds_compute, odds_sweep
from arena.play.reminders import orders_reminders_sweep
from arena.play.services import bout_turn_resolve, bouts_sweep_deadlines, turns_sweep_ready
from arena.queue import (
    BOUT_RESOLVE,
    LAB_CHUNK,
    MERCY_CLOSE,
    ODDS,
    SEASON_ROUND,
    TOURNAMENT_SCHEDULE,
    TURN_RESOLVE,
    VERIFY,
    WHAT_IF,
)
from arena.seasons.services import season_round_play, seasons_sweep
from arena.tournaments.services import tournament_schedule
from arena.whatif.services import what_if_run, what_ifs_sweep
from campaign import health


@shared_task(name=BOUT_RESOLVE, acks_late=True)
def bout_resolve_task(bout_id: int) -> None:
    bout_resolve(bout_id=bout_id)  # the service claims the bout; a repeat is a no-op


@shared_task(name=TURN_RESOLVE, acks_late=True)
def bout_turn_resolve_task(bout_id: int, turn: int) -> None:
    bout_turn_resolve(bout_id=bout_id, turn=turn)  # a turn already resolved is a no-op


@shared_task(name=VERIFY, acks_late=True)
def bout_verify_task(verification_id: int) -> None:
    verification_run(verification_id=verification_id)  # a finished check is a no-op


@shared_task(name=TOURNAMENT_SCHEDULE, acks_late=True)
def tournament_schedule_task(tournament_id: int) -> None:
    """A knockout's message queued before knockouts were seasons: its season's round call."""
    tournament_schedule(tournament_id=tournament_id)  # a round played already is not again


@shared_task(name=SEASON_ROUND, acks_late=True)
def season_round_task(season_id: int) -> None:
    season_round_play(season_id=season_id)  # a round played already is not played again


@shared_task(name=MERCY_CLOSE, acks_late=True)
def mercy_vote_close_task(vote_id: int) -> None:
    mercy_vote_close(vote_id=vote_id)  # a closed vote is a no-op


@shared_task(name=LAB_CHUNK, acks_late=True)
def lab_chunk_task(run_id: int, index: int) -> None:
    lab_chunk_run(run_id=run_id, index=index)  # a chunk stored or a run stopped is a no-op


@shared_task(name=ODDS, acks_late=True)
def bout_odds_task(odds_id: int) -> None:
    odds_compute(odds_id=odds_id)  # odds done or being simulated elsewhere: a no-op


@shared_task(name=WHAT_IF, acks_late=True)
def bout_what_if_task(what_if_id: int) -> None:
    what_if_run(what_if_id=what_if_id)  # a what-if done or being fought elsewhere: a no-op


@shared_task
def bouts_sweep_due_task() -> None:
    """Beat's safety net: due bouts whose message was lost, turns past their deadline, turns
    with every order in whose resolve was lost, mercy votes past their deadline, odds jobs and
    what-ifs whose message or worker was lost, and seasons' rounds (knockouts among them) at
    their time (and their end once the last is decided)."""
    bouts_sweep_due()
    bouts_sweep_deadlines()
    turns_sweep_ready()
    mercy_votes_sweep()
    odds_sweep()
    what_ifs_sweep()
    seasons_sweep()
    # After the work, so that a sweeper that fails is not reported as run (campaign/health.py).
    health.record([health.SWEEP_KEY])


@shared_task
def lab_runs_sweep_task() -> None:
    """Beat's safety net for the balance lab: chunks of a silent run whose worker or message
    was lost are sent again."""
    lab_runs_sweep()


@shared_task
def orders_reminders_sweep_task() -> None:
    """Beat's reminder of missing orders when less than 20% of a turn is left (once each)."""
    orders_reminders_sweep()


@shared_task
def chronicles_draft_due_task() -> None:
    """Beat's hourly run: a chronicle whose scheduled moment has come is drafted for its GM."""
    chronicles_draft_due()
