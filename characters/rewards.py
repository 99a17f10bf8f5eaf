"""A resolved bout's consequences for the stables: gold, experience, record, deaths, items;
and their reversal when the GM voids the bout.

The rule set's campaign adapter reads its own log into one Outcome per gladiator; applying the
outcomes is the same for every rule set. Runs inside the transaction that stores the bout's
result, so it happens exactly once (the ledger's unique constraint on bout rewards guards it
besides).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils import timezone

from arena.gateway import Fate, Outcome, house_rules_paid
from campaign.house_rules import house_rules_of
from campaign.shared.errors import LudusError
from campaign.signals import gladiator_fell

from .catalogue import adapter
from .ledger import CURRENCY_WORDS, gladiator_lock, ledger_post
from .models import Gladiator, Holding, LedgerLine


def _remove_items(gladiator: Gladiator, slugs: list[str]) -> None:
    """Remove one holding per slug, equipped pieces first (those were carried into the bout)."""
    for slug in slugs:
        holding = gladiator.holdings.filter(item=slug).order_by("-equipped", "id").first()
        if holding is not None:
            holding.delete()


def _house_note(outcome: Outcome) -> str:
    parts = [f"purse {outcome.gold}"] if outcome.gold else []
    if outcome.appearance:
        parts.append(f"appearance fee {outcome.appearance}")
    if outcome.share:
        parts.append(f"loser's share {outcome.share}")
    return f" ({', '.join(parts)})" if outcome.appearance or outcome.share else ""


def bout_payout(
    *, bout: Any, output: dict[str, Any], gladiators: dict[str, Gladiator]
) -> dict[str, Outcome]:
    """Apply the engine's outcome to the persistent gladiators (name -> gladiator)."""
    options = (bout.engine_input or {}).get("options", {}) or bout.options
    rules = house_rules_of(bout.campaign.options)
    outcomes = house_rules_paid(
        adapter(bout.ruleset).outcomes(output, options),
        appearance_fee=rules.appearance_fee,
        loser_share=Fraction(str(rules.loser_share)),  # 0.29 of 100 is 29, not 28.999...
    )
    now = timezone.now()
    # Lock in id order, the order every writer uses (the resolve has locked them already).
    for name in sorted(outcomes, key=lambda n: gladiators[n].pk):
        outcome = outcomes[name]
        gladiator = gladiator_lock(gladiator_id=gladiators[name].pk)
        note = f"{bout}: {outcome.defeated} defeated" + _house_note(outcome)
        # One line per currency (the ledger's guard against paying a bout twice) whose note
        # says what the house rules added to the rule set's own purse.
        for currency, amount in ((LedgerLine.Currency.GOLD, outcome.gold_total),
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
        gladiator.opponents_defeated += outcome.defeated
        # Conceding is yielding: on the record like mercy.
        gladiator.mercy_granted += int(outcome.fate in (Fate.SPARED, Fate.WITHDREW))
        fields = ["bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted"]
        if outcome.fate is Fate.DEAD:
            gladiator.status = Gladiator.Status.DEAD
            gladiator.died_in = bout
            gladiator.killed_by = outcome.killed_by
            gladiator.ended_at = now
            fields += ["status", "died_in", "killed_by", "ended_at"]
        gladiator.save(update_fields=fields)
        if outcome.fate is Fate.DEAD:  # lore reveals the secrets waiting on this death
            gladiator_fell.send(sender=Gladiator, gladiator=gladiator, bout=bout)
        _remove_items(gladiator, outcome.items_lost)
        Holding.objects.bulk_create(
            Holding(gladiator=gladiator, item=slug) for slug in outcome.items_gained
        )
    return outcomes


def bout_payout_reverse(
    *, bout: Any, gladiators: dict[str, Gladiator], note: str, actor: Any
) -> list[LedgerLine]:
    """Undo what bout_payout did, for a bout the GM voids: each reward line gets a compensating
    VOID line (lines are never deleted), the record counters go back, a gladiator the bout
    killed lives again, items it lost come back (into the pack) and items it won go.

    The caller holds the bout's row lock and the gladiators' (in id order). A gladiator who
    has spent what the bout paid cannot give it back: LudusError, in words, and the caller's
    transaction changes nothing."""
    options = (bout.engine_input or {}).get("options", {}) or bout.options
    outcomes = adapter(bout.ruleset).outcomes(bout.log, options)
    paid: dict[tuple[int, str], int] = {}
    for line in LedgerLine.objects.filter(bout=bout, cause=LedgerLine.Cause.BOUT):
        key = (line.gladiator_id, line.currency)
        paid[key] = paid.get(key, 0) + line.amount
    lines = []
    for name in sorted(outcomes, key=lambda n: gladiators[n].pk):
        outcome = outcomes[name]
        gladiator = gladiator_lock(gladiator_id=gladiators[name].pk)
        for currency in (LedgerLine.Currency.GOLD, LedgerLine.Currency.XP):
            amount = paid.get((gladiator.pk, currency), 0)
            if not amount:
                continue
            if getattr(gladiator, currency) < amount:
                words = CURRENCY_WORDS[currency]
                raise LudusError(
                    f"{gladiator.name} has {getattr(gladiator, currency)} {words} left of the "
                    f"{amount} this bout paid, so the bout cannot be voided yet; the game master "
                    "may adjust the purse first."
                )
            lines.append(
                ledger_post(
                    gladiator=gladiator,
                    currency=currency,
                    amount=-amount,
                    cause=LedgerLine.Cause.VOID,
                    bout=bout,
                    note=note,
                    actor=actor,
                )
            )
        gladiator.bouts_fought = max(0, gladiator.bouts_fought - 1)
        gladiator.wins = max(0, gladiator.wins - int(outcome.won))
        gladiator.defeats = max(0, gladiator.defeats - int(outcome.lost))
        gladiator.opponents_defeated = max(0, gladiator.opponents_defeated - outcome.defeated)
        spared = int(outcome.fate in (Fate.SPARED, Fate.WITHDREW))
        gladiator.mercy_granted = max(0, gladiator.mercy_granted - spared)
        fields = ["bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted"]
        if gladiator.status == Gladiator.Status.DEAD and gladiator.died_in_id == bout.pk:
            gladiator.status = Gladiator.Status.ACTIVE
            gladiator.died_in = None
            gladiator.killed_by = ""
            gladiator.ended_at = None
            fields += ["status", "died_in", "killed_by", "ended_at"]
        gladiator.save(update_fields=fields)
        _remove_items(gladiator, outcome.items_gained)
        Holding.objects.bulk_create(
            Holding(gladiator=gladiator, item=slug) for slug in outcome.items_lost
        )
    return lines
