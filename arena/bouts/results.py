"""Storing what the engine returned on the bout: the log so far, a failure, or the final result
with its payout. Runs inside the caller's transaction, under the bout's row lock."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from arena.bouts.ratings import ratings_update, seats_of
from arena.models import Bout, BoutEntrant
from arena.notices import notice_bout_fought
from arena.verification.services import record_digests
from campaign.shared.errors import LudusError
from campaign.signals import bout_decided
from characters.rewards import bout_payout

# The fields bout_store_log sets, for the callers' save(update_fields=...).
LOG_FIELDS = ["engine_input", "log", "ruleset_version", "input_digest", "log_digest"]


def bout_store_log(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Keep the engine's input and output on the bout (the replayable record so far)."""
    bout.engine_input = engine_input
    bout.log = output
    bout.ruleset_version = str(output.get("version", ""))
    record_digests(bout)


def bout_fail(*, bout: Bout, engine_input: dict[str, Any] | None, reason: str) -> Bout:
    """The bout cannot be fought (an entrant died elsewhere, the engine refused it): record
    why, pay nothing. It is never retried blindly; the GM reschedules."""
    bout.status = Bout.Status.FAILED
    bout.failure = reason
    bout.engine_input = engine_input
    bout.resolved_at = timezone.now()
    bout.turn_deadline = None
    record_digests(bout)
    bout.save(
        update_fields=[
            "status", "failure", "engine_input", "resolved_at", "turn_deadline", "input_digest",
            "log_digest",
        ]
    )  # fmt: skip
    return bout


def bout_apply_result(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Store the engine's final output and pay it out."""
    result = output.get("result", {})
    by_name = {row["name"]: row for row in result.get("standings", [])}
    entrants = list(bout.entrants.select_related("gladiator"))
    outcomes = bout_payout(
        bout=bout, output=output, gladiators={e.gladiator.name: e.gladiator for e in entrants}
    )
    for entrant in entrants:
        name = entrant.gladiator.name
        entrant.place = by_name.get(name, {}).get("place")
        entrant.fate = outcomes[name].fate.value
        entrant.defeated = outcomes[name].defeated
    BoutEntrant.objects.bulk_update(entrants, ["place", "fate", "defeated"])
    bout_store_log(bout=bout, engine_input=engine_input, output=output)
    bout.winner = _winner(result, outcomes)
    bout.status = Bout.Status.RESOLVED
    bout.resolved_at = timezone.now()
    bout.turn_deadline = None
    bout.state = None  # a finished bout resolves no more turns
    bout.save(
        update_fields=[*LOG_FIELDS, "winner", "status", "resolved_at", "turn_deadline", "state"]
    )
    ratings_update(bout=bout, seats=seats_of(entrants))
    notice_bout_fought(bout=bout)
    bout_decided.send(sender=Bout, bout=bout)  # lore reveals the secrets waiting on its end


def bout_settle(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> Bout:
    """Store the final result and pay it; if the ledger refuses the payout (a balance would
    pass its maximum), nothing of it is kept and the bout fails with the reason, instead of
    rolling back and being fought again by every sweep."""
    try:
        with transaction.atomic():  # a savepoint: a refused payout leaves nothing half-paid
            bout_apply_result(bout=bout, engine_input=engine_input, output=output)
    except LudusError as error:
        return bout_fail(
            bout=bout,
            engine_input=engine_input,
            reason=f"The bout was fought but cannot be paid: {error.message}",
        )
    return bout


def _winner(result: dict[str, Any], outcomes: dict) -> str:
    """Who won, by the rule set's name for it (a team's, a gladiator's). A bout nobody won has
    no winner, whatever the result calls it (Arena of the Elders names a draw "draw", which
    read "draw won.")."""
    if not any(outcome.won for outcome in outcomes.values()):
        return ""
    if result.get("winner"):
        return str(result["winner"])
    return ", ".join(sorted(name for name, o in outcomes.items() if o.won))
