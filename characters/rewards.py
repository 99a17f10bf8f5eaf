"""A resolved bout's consequences for the stables: gold, experience, record, deaths, lost items.

GladiatorQuest VII (as settled in RULINGS.md and docs/decisions.md):
- the winning side shares 100 gold per defeated opponent (double in special contests), split
  evenly among its members still alive and rounded up per member; a defeated opponent is a
  gladiator of another side killed or spared (a fallen teammate is not one);
- each living member of the winning side gains 1 experience point per defeated opponent;
- a bout that ends without a winner (the engine's turn bound) pays nobody;
- a killed gladiator is dead for good (VI.A); thrown weapons left on the sand and potions drunk
  leave the inventory (VIII.E).
Runs inside the transaction that stores the bout's result, so it happens exactly once.
"""

from __future__ import annotations

import math
from typing import Any

from django.utils import timezone

from .ledger import gladiator_lock, ledger_post
from .models import Gladiator, Holding, LedgerLine

GOLD_PER_DEFEATED = 100
SPECIAL_CONTESTS = {"one_against_many", "bows_only", "magic_only", "daggers_only"}


def _remove_items(gladiator: Gladiator, slugs: list[str]) -> None:
    """Remove one holding per slug, equipped pieces first (those were carried into the bout)."""
    for slug in slugs:
        holding = gladiator.holdings.filter(item=slug).order_by("-equipped", "id").first()
        if holding is not None:
            holding.delete()


def _side(row: dict[str, Any]) -> str:
    return row.get("team") or row["name"]


def bout_payout(*, bout, output: dict[str, Any], gladiators: dict[str, Gladiator]) -> None:
    """Apply the engine's outcome to the persistent gladiators (name -> gladiator)."""
    result = output.get("result", {})
    standings = result.get("standings", [])
    winner = result.get("winner") if result.get("finished") else None
    # Only the other sides' fallen are defeated opponents: a teammate who fell is not.
    defeated = [
        row
        for row in standings
        if winner is not None and _side(row) != winner and row.get("fate") in {"killed", "mercy"}
    ]
    winners = [
        row
        for row in standings
        if winner is not None and _side(row) == winner and row.get("fate") == "survived"
    ]
    contest = output.get("contest") or (bout.engine_input or {}).get("options", {}).get("contest")
    purse = len(defeated) * GOLD_PER_DEFEATED * (2 if contest in SPECIAL_CONTESTS else 1)
    share = math.ceil(purse / len(winners)) if winners else 0
    now = timezone.now()
    for row in sorted(standings, key=lambda r: r["name"]):  # a fixed lock order
        gladiator = gladiator_lock(gladiator_id=gladiators[row["name"]].pk)
        paid = row in winners
        if paid and share:
            ledger_post(
                gladiator=gladiator,
                currency=LedgerLine.Currency.GOLD,
                amount=share,
                cause=LedgerLine.Cause.BOUT,
                bout=bout,
                note=f"{len(defeated)} defeated in {bout}",
            )
        if paid and defeated:
            ledger_post(
                gladiator=gladiator,
                currency=LedgerLine.Currency.XP,
                amount=len(defeated),
                cause=LedgerLine.Cause.BOUT,
                bout=bout,
                note=f"{len(defeated)} defeated in {bout}",
            )
        gladiator.bouts_fought += 1
        if winner is not None:  # a bout stopped without a winner is nobody's win or defeat
            gladiator.wins += int(_side(row) == winner)
            gladiator.defeats += int(_side(row) != winner)
        gladiator.opponents_defeated += len(row.get("defeated", []))
        gladiator.mercy_granted += int(row.get("fate") == "mercy")
        fields = ["bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted"]
        if row.get("fate") == "killed":
            gladiator.status = Gladiator.Status.DEAD
            gladiator.died_in = bout
            gladiator.killed_by = row.get("killed_by") or ""
            gladiator.ended_at = now
            fields += ["status", "died_in", "killed_by", "ended_at"]
        gladiator.save(update_fields=fields)
        _remove_items(gladiator, [*row.get("items_lost", []), *row.get("potions_used", [])])
        gained = row.get("items_gained", [])
        Holding.objects.bulk_create(Holding(gladiator=gladiator, item=slug) for slug in gained)
