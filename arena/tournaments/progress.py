"""A knockout moves on when one of its bouts is decided: the winner takes its place in the next
round, or the champion is crowned. Called from the settle path (arena/bouts/results.py) inside
the transaction that stores the result, under the bout's row lock, so the bracket and the bout
can never disagree; scheduling the next bout is left to the worker
(arena/tournaments/services.py), because the scheduling services store results themselves and
would import this module back.

The rules (docs/tournaments.md):
- a resolved bout: the entrant the rule set placed strictly better goes on;
- no winner (equal places, a failed bout): of the two, the higher seed still able to fight
  goes on; if neither can, the higher seed goes on and its next opponent wins by walkover.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from arena.models import Bout, Tournament, TournamentEntry, TournamentMatch
from arena.queue import enqueue_tournament_schedule
from arena.seasons import bracket


def tournament_bout_decided(*, bout: Bout) -> None:
    """Advance the bout's tournament, if it has one. A match already decided is left alone, so
    a second settle of the same bout (it cannot happen under the bout lock, but a rescheduled
    match's old bout might fail late) changes nothing."""
    match = (
        TournamentMatch.objects.select_for_update(of=("self",))
        .select_related("first__gladiator", "second__gladiator", "tournament")
        .filter(bout=bout, winner__isnull=True, tournament__status=Tournament.Status.RUNNING)
        .first()
    )
    if match is None:
        return
    winner, how = _outcome(match, bout)
    match_decide(match=match, winner=winner, how=how)


def _outcome(match: TournamentMatch, bout: Bout) -> tuple[TournamentEntry, str]:
    sides = [e for e in match.sides if e is not None]
    if bout.status == Bout.Status.RESOLVED:
        # The rule set's placing decides (its winner may be a team's name, not a gladiator's):
        # the entrant placed strictly better goes on; equal places are a draw.
        places = dict(bout.entrants.values_list("gladiator_id", "place"))
        ranked = sorted(sides, key=lambda e: places.get(e.gladiator_id) or len(places) + 1)
        first, second = (places.get(e.gladiator_id) for e in ranked)
        if first is not None and (second is None or first < second):
            return ranked[0], TournamentMatch.Decided.BOUT
    for entry in sides:
        entry.gladiator.refresh_from_db(fields=["status"])  # the payout may have just killed it
    fit = [e for e in sides if e.gladiator.is_active]
    if bout.status == Bout.Status.FAILED and len(fit) == 1:
        return fit[0], TournamentMatch.Decided.WALKOVER
    return higher_seed(fit or sides), TournamentMatch.Decided.NO_WINNER


def higher_seed(entries: list[TournamentEntry]) -> TournamentEntry:
    return min(entries, key=lambda e: e.seed)


def match_decide(*, match: TournamentMatch, winner: TournamentEntry, how: str) -> None:
    """Record the winner and carry it into the next round (or crown it). The caller holds the
    match's row lock; the next match's row is locked here, so the two semi-finals settling at
    once fill the final one after the other."""
    match.winner = winner
    match.decided_by = how
    match.save(update_fields=["winner", "decided_by"])
    tournament = match.tournament
    rounds = bracket.rounds_of(tournament.entries.count())
    if match.round == rounds:
        # Only a running knockout is crowned: one the GM cancelled meanwhile stays cancelled.
        Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.RUNNING).update(
            status=Tournament.Status.FINISHED,
            champion=winner.gladiator_id,
            finished_at=timezone.now(),
        )
        return
    slot, side = bracket.next_match(match.slot)
    following = TournamentMatch.objects.select_for_update().get(
        tournament=tournament, round=match.round + 1, slot=slot
    )
    setattr(following, ("first", "second")[side], winner)
    following.save(update_fields=[("first", "second")[side]])
    if following.first_id and following.second_id:
        transaction.on_commit(lambda: enqueue_tournament_schedule(tournament.pk))
