"""VIII.D retirement, and the game master's corrections of gold and experience."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_schedule
from campaign.models import AuditEntry
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator, LedgerLine
from characters.services import (
    gladiator_adjust,
    gladiator_advance,
    gladiator_retire,
    gladiator_tactics_set,
)
from characters.shop import item_buy

from .conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db

RECORD = ("bouts_fought", "wins", "defeats", "opponents_defeated", "mercy_granted", "level")


def record(gladiator: Gladiator) -> dict:
    g = Gladiator.objects.get(pk=gladiator.pk)
    return {
        **{field: getattr(g, field) for field in RECORD},
        "gold": g.gold,
        "xp": g.xp,
        "holdings": sorted(g.holdings.values_list("item", flat=True)),
        "lines": g.ledger.count(),
    }


# Retirement ------------------------------------------------------------------------------


def test_retiring_keeps_the_record_and_the_purse(brutus, nox, owner, give, fight):
    """VIII.D: 'Gladiator's may end their careers in the arena at any time.' RULINGS /
    services: 'It keeps its record and purse.'"""
    fight([brutus, nox], seed=8)
    assert brutus.status == Gladiator.Status.ACTIVE, "seed 8: both survive"
    give(brutus, 300)
    before = record(brutus)
    assert before["bouts_fought"] == 1

    retired = gladiator_retire(gladiator=brutus, by=owner)

    assert retired.status == Gladiator.Status.RETIRED
    brutus.refresh_from_db()
    assert brutus.status == Gladiator.Status.RETIRED
    assert brutus.ended_at is not None
    assert brutus.died_in is None and brutus.killed_by == ""
    assert record(brutus) == before
    assert_ledger_balances(brutus)


def test_retiring_writes_an_audit_entry_naming_who(campaign, brutus, owner):
    gladiator_retire(gladiator=brutus, by=owner)
    entry = AuditEntry.objects.filter(campaign=campaign, action="gladiator.retire").get()
    assert entry.actor == owner
    assert entry.detail == {"gladiator": brutus.pk}


def test_the_gm_may_retire_a_gladiator(brutus, gm):
    gladiator_retire(gladiator=brutus, by=gm)
    assert Gladiator.objects.get(pk=brutus.pk).status == Gladiator.Status.RETIRED


@pytest.mark.parametrize("intruder", ["rival", "outsider"])
def test_only_the_owner_or_the_gm_may_retire_a_gladiator(request, brutus, intruder):
    with pytest.raises(NotAllowed):
        gladiator_retire(gladiator=brutus, by=request.getfixturevalue(intruder))
    assert Gladiator.objects.get(pk=brutus.pk).status == Gladiator.Status.ACTIVE
    assert not AuditEntry.objects.filter(action="gladiator.retire").exists()


def test_a_retired_gladiator_cannot_retire_again(brutus, owner):
    gladiator_retire(gladiator=brutus, by=owner)
    ended_at = Gladiator.objects.get(pk=brutus.pk).ended_at
    with pytest.raises(LudusError, match="retired"):
        gladiator_retire(gladiator=Gladiator.objects.get(pk=brutus.pk), by=owner)
    assert Gladiator.objects.get(pk=brutus.pk).ended_at == ended_at
    assert AuditEntry.objects.filter(action="gladiator.retire").count() == 1


@pytest.fixture
def retired(brutus, owner, give):
    give(brutus, 1000)
    give(brutus, 10, "xp")
    gladiator_retire(gladiator=brutus, by=owner)
    return Gladiator.objects.get(pk=brutus.pk)


def test_a_retired_gladiator_cannot_be_scheduled(campaign, gm, retired, nox):
    with pytest.raises(LudusError) as refused:
        bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=[retired, nox],
            scheduled_at=timezone.now() + timedelta(hours=1),
        )
    assert refused.value.field == "gladiators"
    assert "Brutus is retired and cannot fight" in refused.value.message
    assert not campaign.bouts.exists()


def test_a_retired_gladiator_cannot_buy_level_up_or_take_tactics(retired, owner):
    before = record(retired)
    with pytest.raises(LudusError, match="retired"):
        item_buy(gladiator=retired, item="shield", by=owner)
    with pytest.raises(LudusError, match="retired"):
        gladiator_advance(gladiator=retired, key="attack", by=owner)
    with pytest.raises(LudusError, match="retired"):
        gladiator_tactics_set(gladiator=retired, tactics={"attack": "swing"}, by=owner)
    assert record(retired) == before
    assert Gladiator.objects.get(pk=retired.pk).tactics == {}


# GM adjustments --------------------------------------------------------------------------


@pytest.mark.parametrize(("currency", "amount"), [("gold", 250), ("xp", 3), ("gold", -40)])
def test_a_gm_adjustment_is_a_ledger_line_with_the_reason_and_an_audit_entry(
    campaign, brutus, gm, give, currency, amount
):
    give(brutus, 100)
    line = gladiator_adjust(
        gladiator=brutus,
        currency=currency,
        amount=amount,
        reason="  prize from the Senate  ",
        by=gm,
    )
    line.refresh_from_db()
    assert (line.currency, line.amount, line.cause) == (currency, amount, "adjustment")
    assert line.note == "prize from the Senate"
    assert line.actor == gm
    assert line.bout is None
    brutus.refresh_from_db()
    assert getattr(brutus, currency) == (100 if currency == "gold" else 0) + amount
    entry = AuditEntry.objects.filter(campaign=campaign, action="gladiator.adjust").latest("id")
    assert entry.actor == gm
    assert entry.detail == {
        "gladiator": brutus.pk,
        "currency": currency,
        "amount": amount,
        "reason": "prize from the Senate",
    }
    assert_ledger_balances(brutus)


@pytest.mark.parametrize("reason", ["", "   "])
def test_an_adjustment_needs_a_reason(brutus, gm, reason):
    with pytest.raises(LudusError) as refused:
        gladiator_adjust(gladiator=brutus, currency="gold", amount=10, reason=reason, by=gm)
    assert refused.value.field == "reason"
    assert record(brutus)["lines"] == 0
    assert not AuditEntry.objects.filter(action="gladiator.adjust").exists()


def test_an_adjustment_of_zero_is_refused(brutus, gm):
    with pytest.raises(LudusError) as refused:
        gladiator_adjust(gladiator=brutus, currency="gold", amount=0, reason="nothing", by=gm)
    assert refused.value.field == "amount"
    assert not LedgerLine.objects.exists()
    assert not AuditEntry.objects.filter(action="gladiator.adjust").exists()


@pytest.mark.parametrize("currency", ["silver", "XP", ""])
def test_an_adjustment_of_an_unknown_currency_is_refused(brutus, gm, currency):
    with pytest.raises(LudusError) as refused:
        gladiator_adjust(gladiator=brutus, currency=currency, amount=5, reason="why", by=gm)
    assert refused.value.field == "currency"
    assert not LedgerLine.objects.exists()


@pytest.mark.parametrize("player", ["owner", "rival", "outsider"])
def test_a_player_cannot_adjust_even_their_own_gladiator(request, brutus, player):
    with pytest.raises(NotAllowed, match="game master"):
        gladiator_adjust(
            gladiator=brutus,
            currency="gold",
            amount=1000,
            reason="I deserve it",
            by=request.getfixturevalue(player),
        )
    assert record(brutus)["gold"] == 0
    assert not LedgerLine.objects.exists()
    assert not AuditEntry.objects.filter(action="gladiator.adjust").exists()


@pytest.mark.parametrize("currency", ["gold", "xp"])
def test_adjusting_below_zero_is_refused_and_writes_nothing(brutus, gm, give, currency):
    give(brutus, 50, currency)
    audits = AuditEntry.objects.filter(action="gladiator.adjust").count()
    with pytest.raises(LudusError) as refused:
        gladiator_adjust(gladiator=brutus, currency=currency, amount=-51, reason="fine", by=gm)
    assert refused.value.field == currency
    assert "51" in refused.value.message
    brutus.refresh_from_db()
    assert getattr(brutus, currency) == 50
    assert brutus.ledger.count() == 1
    assert AuditEntry.objects.filter(action="gladiator.adjust").count() == audits
    assert_ledger_balances(brutus)
