"""Helpers shared by the characters tests: the ledger invariant and a little money."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout, BoutEntrant
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_adjust


def assert_ledger_balances(gladiator: Gladiator) -> None:
    """The cached gold and xp equal the sums of their ledger lines, and every line's
    `balance` is the running sum of the lines before it and itself (per currency)."""
    fresh = Gladiator.objects.get(pk=gladiator.pk)
    for currency in LedgerLine.Currency.values:
        running = 0
        for line in LedgerLine.objects.filter(gladiator=fresh, currency=currency).order_by("id"):
            running += line.amount
            assert line.balance == running, (
                f"{fresh.name}'s {currency} line {line.pk} ({line.cause} {line.amount:+d}) "
                f"says balance {line.balance}, the running sum is {running}"
            )
            assert line.balance >= 0
        assert getattr(fresh, currency) == running, (
            f"{fresh.name} caches {getattr(fresh, currency)} {currency}, "
            f"the ledger sums to {running}"
        )


@pytest.fixture
def give(gm):
    """Pay a gladiator through the real service, as the GM would."""

    def give(gladiator: Gladiator, amount: int, currency: str = "gold") -> Gladiator:
        gladiator_adjust(
            gladiator=gladiator,
            currency=currency,
            amount=amount,
            reason="test stake",
            by=gm,
        )
        gladiator.refresh_from_db()
        return gladiator

    return give


def decided(campaign, gm, places, *, status=Bout.Status.RESOLVED, days_ago=0, title=""):
    """A bout stored as decided with these {gladiator: place} results (no engine run: the
    places are what a test of the record is about)."""
    at = timezone.now() - timedelta(days=days_ago)
    bout = Bout.objects.create(
        campaign=campaign,
        ruleset=campaign.ruleset,
        seed=1,
        title=title,
        scheduled_at=at,
        resolved_at=at,
        status=status,
        created_by=gm,
    )
    BoutEntrant.objects.bulk_create(
        BoutEntrant(bout=bout, gladiator=g, place=place) for g, place in places.items()
    )
    return bout


@pytest.fixture
def fight(campaign, gm):
    """Schedule a bout that is already due and resolve it with the real services."""

    def fight(
        gladiators: Sequence[Gladiator],
        *,
        seed: int,
        teams: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> Bout:
        bout = bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=gladiators,
            scheduled_at=timezone.now() - timedelta(seconds=1),
            teams=teams,
            seed=seed,
        )
        if options is not None:
            Bout.objects.filter(pk=bout.pk).update(options=options)
        assert bout_resolve(bout_id=bout.pk) is not None
        bout.refresh_from_db()
        assert bout.status == Bout.Status.RESOLVED, bout.failure
        for g in gladiators:
            g.refresh_from_db()
        return bout

    return fight


def standing(bout: Bout, name: str) -> dict[str, Any]:
    """One gladiator's row of the stored engine result."""
    rows = {row["name"]: row for row in bout.log["result"]["standings"]}
    return rows[name]
