"""A resolved bout's consequences for the stables: gold, experience, record, deaths, lost items.

Each rule set reads its own log into one Outcome per gladiator (a registry by slug); applying
the outcomes is shared. Runs inside the transaction that stores the bout's result, so it happens
exactly once (and the ledger's unique constraint on bout rewards guards it besides).

GladiatorQuest VII (as settled in RULINGS.md and docs/decisions.md):
- the winning side shares 100 gold per defeated opponent (double in special contests), split
  evenly among its members still alive and rounded up per member; a defeated opponent is a
  gladiator of another side killed or spared (a fallen teammate is not one);
- each living member of the winning side gains 1 experience point per defeated opponent;
- a bout that ends without a winner (the engine's turn bound) pays nobody;
- a killed gladiator is dead for good (VI.A); thrown weapons left on the sand and potions drunk
  leave the inventory (VIII.E).

Gladiator Arena in a campaign (docs/rules/gladiator-arena.md, "In a campaign"): each kill pays
100 gold, a shared kill its fraction (rounded up), a negative tally nothing; each whole kill is
1 experience point; struck down or killed by the time limit is dead for good; conceding is
yielding: defeated, alive, recorded like mercy.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils import timezone

from .ledger import gladiator_lock, ledger_post
from .models import Gladiator, Holding, LedgerLine

GOLD_PER_DEFEATED = 100
SPECIAL_CONTESTS = {"one_against_many", "bows_only", "magic_only", "daggers_only"}


@dataclass
class Outcome:
    """What one bout meant for one gladiator's career."""

    fate: str = "survived"  # survived | killed | mercy
    won: bool = False
    lost: bool = False
    opponents_defeated: int = 0
    gold: int = 0
    xp: int = 0
    killed_by: str = ""
    items_lost: list[str] = field(default_factory=list)
    items_gained: list[str] = field(default_factory=list)


def _side(row: dict[str, Any]) -> str:
    return row.get("team") or row["name"]


def _gladiatorquest(output: dict[str, Any], options: dict[str, Any]) -> dict[str, Outcome]:
    result = output.get("result", {})
    standings = result.get("standings", [])
    winner = result.get("winner") if result.get("finished") else None
    # Only the other sides' fallen are defeated opponents: a teammate who fell is not.
    defeated = [
        row
        for row in standings
        if winner is not None and _side(row) != winner and row.get("fate") in {"killed", "mercy"}
    ]
    paid = [
        row
        for row in standings
        if winner is not None and _side(row) == winner and row.get("fate") == "survived"
    ]
    contest = output.get("contest") or options.get("contest")
    purse = len(defeated) * GOLD_PER_DEFEATED * (2 if contest in SPECIAL_CONTESTS else 1)
    share = math.ceil(purse / len(paid)) if paid else 0
    outcomes = {}
    for row in standings:
        is_paid = row in paid
        outcomes[row["name"]] = Outcome(
            fate=row.get("fate") or "survived",
            won=winner is not None and _side(row) == winner,
            lost=winner is not None and _side(row) != winner,
            opponents_defeated=len(row.get("defeated", [])),
            gold=share if is_paid else 0,
            xp=len(defeated) if is_paid else 0,
            killed_by=row.get("killed_by") or "",
            items_lost=[*row.get("items_lost", []), *row.get("potions_used", [])],
            items_gained=list(row.get("items_gained", [])),
        )
    return outcomes


def _gladiator_arena(output: dict[str, Any], options: dict[str, Any]) -> dict[str, Outcome]:
    result = output.get("result", {})
    removals: dict[str, str] = {}
    killers: dict[str, list[str]] = {}
    for turn in output.get("turns", []):
        for event in turn.get("events", []):
            if event.get("type") == "removed":
                removals[event["name"]] = event.get("cause", "struck")
            elif event.get("type") == "kill":
                killers.setdefault(event["victim"], []).append(event["name"])
    outcomes = {}
    for row in result.get("standings", []):
        kills = Fraction(row.get("kills", "0"))
        cause = removals.get(row["name"])
        fate = {"struck": "killed", "time_limit": "killed", "conceded": "mercy"}.get(
            cause or "", "survived"
        )
        won = bool(result.get("finished")) and row.get("place") == 1
        victims = [v for v, who in killers.items() if row["name"] in who]
        outcomes[row["name"]] = Outcome(
            fate=fate,
            won=won,
            lost=bool(result.get("finished")) and not won,
            opponents_defeated=len(victims),
            gold=max(0, math.ceil(kills * GOLD_PER_DEFEATED)),
            xp=max(0, math.floor(kills)),
            killed_by=(
                ", ".join(killers.get(row["name"], [])) or "the time limit"
                if fate == "killed"
                else ""
            ),
        )
    return outcomes


OUTCOMES: dict[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Outcome]]] = {
    "gladiatorquest": _gladiatorquest,
    "gladiator-arena": _gladiator_arena,
}


def _remove_items(gladiator: Gladiator, slugs: list[str]) -> None:
    """Remove one holding per slug, equipped pieces first (those were carried into the bout)."""
    for slug in slugs:
        holding = gladiator.holdings.filter(item=slug).order_by("-equipped", "id").first()
        if holding is not None:
            holding.delete()


def bout_payout(
    *, bout, output: dict[str, Any], gladiators: dict[str, Gladiator]
) -> dict[str, Outcome]:
    """Apply the engine's outcome to the persistent gladiators (name -> gladiator)."""
    read = OUTCOMES[bout.ruleset]
    outcomes = read(output, (bout.engine_input or {}).get("options", {}) or bout.options)
    now = timezone.now()
    # Lock in id order, the order every writer uses (the resolve has locked them already).
    for name in sorted(outcomes, key=lambda n: gladiators[n].pk):
        outcome = outcomes[name]
        gladiator = gladiator_lock(gladiator_id=gladiators[name].pk)
        note = f"{bout}: {outcome.opponents_defeated} defeated"
        for currency, amount in ((LedgerLine.Currency.GOLD, outcome.gold),
                                 (LedgerLine.Currency.XP, outcome.xp)):  # fmt: skip
            if amount:
                ledger_post(
                    gladiator=gladiator,
                    currency=currency,
                    amount=amount,
                    cause=LedgerLine.Cause.BOUT,
                    bout=bout,
                    note=note,
                )
        gladiator.bouts_fought += 1
        gladiator.wins += int(outcome.won)
        gladiator.defeats += int(outcome.lost)
        gladiator.opponents_defeated += outcome.opponents_defeated
        gladiator.mercy_granted += int(outcome.fate == "mercy")
        fields = ["bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted"]
        if outcome.fate == "killed":
            gladiator.status = Gladiator.Status.DEAD
            gladiator.died_in = bout
            gladiator.killed_by = outcome.killed_by
            gladiator.ended_at = now
            fields += ["status", "died_in", "killed_by", "ended_at"]
        gladiator.save(update_fields=fields)
        _remove_items(gladiator, outcome.items_lost)
        Holding.objects.bulk_create(
            Holding(gladiator=gladiator, item=slug) for slug in outcome.items_gained
        )
    return outcomes
