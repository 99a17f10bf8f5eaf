"""The gold and experience ledger: append-only lines, balances cached on the gladiator row."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from campaign.errors import LudusError

from .models import Gladiator, LedgerLine

# A single change this large is surely a typo.
MAX_ADJUSTMENT = 1_000_000
# The most gold or experience a gladiator may hold
# (docs/decisions/0003-balances-and-unpayable-bouts.md): far beyond any campaign,
# and below the 32-bit columns' limit (2**31 - 1) with room for any one payout, so no balance or
# line can overflow. A change that would pass it is refused, and a bout that would pay past it
# fails with the reason instead of being retried.
MAX_BALANCE = 1_000_000_000
CURRENCY_WORDS = {LedgerLine.Currency.GOLD: "gold", LedgerLine.Currency.XP: "experience points"}


def gladiator_lock(*, gladiator_id: int) -> Gladiator:
    """Re-read the gladiator with its row locked until the surrounding transaction ends (that row
    only: the campaign is read, not locked; lock order in docs/architecture.md)."""
    return (
        Gladiator.objects.select_for_update(of=("self",))
        .select_related("campaign")
        .get(pk=gladiator_id)
    )


def ledger_post(
    *,
    gladiator: Gladiator,
    currency: str,
    amount: int,
    cause: str,
    bout=None,
    item: str = "",
    note: str = "",
    actor: AbstractBaseUser | None = None,
) -> LedgerLine:
    """Append one line and move the cached balance with it.

    The caller holds the gladiator's row lock (gladiator_lock) inside a transaction, so the
    balance read here is the one the line is written against. A line that would take the
    balance below zero raises LudusError and writes nothing.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger_post must run inside the transaction that locked the row")
    balance = getattr(gladiator, currency) + amount
    if balance > MAX_BALANCE:
        raise LudusError(
            f"{gladiator.name}'s {CURRENCY_WORDS[currency]} would pass the most a gladiator may "
            f"hold ({MAX_BALANCE:,}).",
            field="amount",
        )
    if balance < 0:
        raise LudusError(
            f"{gladiator.name} has {getattr(gladiator, currency)} {CURRENCY_WORDS[currency]}; "
            f"this needs {-amount}.",
            field=currency,
        )
    setattr(gladiator, currency, balance)
    gladiator.save(update_fields=[currency])
    return LedgerLine.objects.create(
        gladiator=gladiator,
        currency=currency,
        amount=amount,
        balance=balance,
        cause=cause,
        bout=bout,
        item=item,
        note=note[:200],
        actor=actor,
    )
