"""Closing a mercy vote: the verdict goes into the bout's input, and the worker fights the
bout again from its start with it (the engine is deterministic, so it reaches the same appeal
and reads the verdict; arena/engine/core/mercy.py). Called by the task sent for the vote's
deadline, by the one sent when everyone has voted, and by the sweeper for a vote whose message
was lost: whichever comes first closes it, the others find nothing to do."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from arena.bouts.fight import bout_fight
from arena.bouts.results import bout_fail
from arena.bouts.services import SWEEP_GRACE, entrants_lock
from arena.mercy.services import mercy_vote_tally
from arena.models import Bout, MercyVote

log = logging.getLogger(__name__)


def mercy_verdict(up: list[str], down: list[str]) -> str:
    """More thumbs up: spared; more down: killed; a tie, or nobody voting: the dice."""
    if len(up) > len(down):
        return MercyVote.Verdict.SPARE
    if len(down) > len(up):
        return MercyVote.Verdict.KILL
    return MercyVote.Verdict.DICE


def mercy_vote_close(*, vote_id: int) -> Bout | None:
    """Close the vote and fight its bout on, once; None when there was nothing to do."""
    with transaction.atomic():
        bout_id = (
            MercyVote.objects.filter(pk=vote_id, closed_at__isnull=True)
            .values_list("bout_id", flat=True)
            .first()
        )
        if bout_id is None:
            return None
        # Lock order as everywhere: the bout, then (bout_fight) its gladiators, then the vote.
        bout = Bout.objects.select_for_update(of=("self",), skip_locked=True).filter(pk=bout_id)
        bout = bout.select_related("campaign").first()
        if bout is None:
            return None  # somebody else is closing it
        vote = MercyVote.objects.select_for_update().get(pk=vote_id)
        if vote.closed_at is not None:
            return None
        vote.closed_at = timezone.now()
        if bout.status != Bout.Status.VERDICT:  # cancelled while the crowd voted
            vote.save(update_fields=["closed_at"])
            return None
        up, down = mercy_vote_tally(vote=vote)
        vote.verdict = mercy_verdict(up, down)
        vote.save(update_fields=["closed_at", "verdict"])
        mercy = dict(bout.engine_input["mercy"])
        mercy["verdicts"] = {
            **mercy.get("verdicts", {}),
            vote.appeal: {"verdict": vote.verdict, "up": up, "down": down},
        }
        engine_input = {**bout.engine_input, "mercy": mercy}
        bout.status = Bout.Status.SCHEDULED  # fought on now: stored, failed or paused again
        unfit = entrants_lock(bout=bout)
        if unfit:  # died or retired elsewhere while the crowd voted
            return bout_fail(bout=bout, engine_input=engine_input, reason=unfit)
        return bout_fight(bout=bout, engine_input=engine_input)


def mercy_votes_sweep(*, now: datetime | None = None) -> int:
    """Beat's safety net: close the votes past their deadline whose message was lost."""
    now = now or timezone.now()
    overdue = MercyVote.objects.filter(
        closed_at__isnull=True, closes_at__lte=now - SWEEP_GRACE
    ).values_list("pk", flat=True)
    closed = 0
    for vote_id in list(overdue):
        try:  # one bout's trouble must not keep the others waiting
            closed += mercy_vote_close(vote_id=vote_id) is not None
        except Exception:
            log.exception("sweeper: mercy vote %s", vote_id)
    return closed
