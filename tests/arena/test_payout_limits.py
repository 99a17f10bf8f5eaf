"""A bout whose payout would take a balance past the most a gladiator may hold is fought, not
paid: it fails with the reason, pays nobody, and is not fought again by every sweep (both the
scheduled path and the play-by-web path). The issue "Hardening", item 5."""

from __future__ import annotations

import pytest
from django.db import transaction

from arena.bouts.services import bout_resolve, bouts_sweep_due
from arena.models import Bout
from arena.play.services import bout_turn_resolve, order_submit
from characters.ledger import MAX_BALANCE, gladiator_lock, ledger_post
from characters.models import Gladiator, LedgerLine

pytestmark = pytest.mark.django_db


def _full(gladiator: Gladiator, currency: str = "gold") -> None:
    """A purse at the maximum (as a very long campaign might leave it)."""
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=gladiator.pk)
        ledger_post(
            gladiator=locked,
            currency=currency,
            amount=MAX_BALANCE,
            cause=LedgerLine.Cause.ADJUSTMENT,
            note="a long career",
        )


def _purses(bout: Bout) -> dict[str, tuple[int, int, int]]:
    return {
        g.name: (g.gold, g.xp, g.ledger.count())
        for g in Gladiator.objects.filter(entries__bout=bout)
    }


@pytest.mark.parametrize("currency", ["gold", "xp"])
def test_a_scheduled_bout_that_cannot_be_paid_fails_with_the_reason(
    due_bout, brutus, nox, currency
):
    _full(brutus, currency)
    _full(nox, currency)
    before = _purses(due_bout)
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout.status == Bout.Status.FAILED
    assert "cannot be paid" in bout.failure and f"{MAX_BALANCE:,}" in bout.failure
    assert _purses(due_bout) == before
    assert not due_bout.entrants.exclude(fate="").exists()
    assert bouts_sweep_due()["resolved"] == 0  # not fought again


def test_a_play_by_web_bout_that_cannot_be_paid_fails_with_the_reason(running, owner, rival):
    bout, a, b = running
    _full(a.gladiator)
    before = _purses(bout)
    order_submit(entrant=b, by=rival, order={"concede": True})  # Kaunisto gains the kill
    order_submit(entrant=a, by=owner, order={})
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.FAILED
    assert "cannot be paid" in bout.failure
    assert _purses(bout) == before
