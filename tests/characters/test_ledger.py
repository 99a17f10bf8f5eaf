"""The gold and experience ledger: every change is a line naming its cause, and the cached
balances on the gladiator row are the sums of those lines."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from arena.engine.rulesets.gladiatorquest.campaign import STATS
from campaign.shared.errors import LudusError
from characters.catalogue import armoury
from characters.ledger import gladiator_lock, ledger_post
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_adjust, gladiator_advance
from characters.shop import item_buy, item_sell

from .conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db


def test_every_change_of_gold_or_xp_is_a_line_naming_its_cause(brutus, nox, owner, give, fight):
    """characters/models.py: 'An append-only change of gold or experience, naming its cause.'"""
    give(brutus, 400)
    give(brutus, 2, "xp")
    holding = item_buy(gladiator=brutus, item="shield", by=owner)
    item_sell(holding=holding, by=owner)
    gladiator_advance(gladiator=brutus, key="attack", by=owner)
    bout = fight([brutus, nox], seed=8)

    lines = list(LedgerLine.objects.filter(gladiator=brutus).order_by("id"))
    causes = [(line.currency, line.cause) for line in lines]
    assert causes[:5] == [
        ("gold", "adjustment"),
        ("xp", "adjustment"),
        ("gold", "purchase"),
        ("gold", "sale"),
        ("xp", "level_up"),
    ]
    purchase, sale = lines[2], lines[3]
    assert (purchase.item, purchase.amount) == ("shield", -150)
    assert (sale.item, sale.amount) == ("shield", 75)
    # Whatever the bout's outcome, every line it wrote names the bout.
    bout_lines = [line for line in lines if line.cause == LedgerLine.Cause.BOUT]
    assert all(line.bout_id == bout.pk for line in bout_lines)
    assert LedgerLine.objects.filter(bout__isnull=False).exclude(cause="bout").count() == 0
    assert all(line.cause in LedgerLine.Cause.values for line in lines)
    assert_ledger_balances(brutus)
    assert_ledger_balances(nox)


def test_a_fresh_gladiator_has_no_lines_and_an_empty_purse(brutus):
    assert (brutus.gold, brutus.xp) == (0, 0)
    assert not brutus.ledger.exists()
    assert_ledger_balances(brutus)


def test_each_line_carries_the_running_balance_of_its_currency(brutus, give):
    """Gold and experience keep separate running sums."""
    give(brutus, 300)
    give(brutus, 5, "xp")
    give(brutus, -120)
    give(brutus, -2, "xp")
    gold = [line.balance for line in brutus.ledger.filter(currency="gold").order_by("id")]
    xp = [line.balance for line in brutus.ledger.filter(currency="xp").order_by("id")]
    assert gold == [300, 180]
    assert xp == [5, 3]
    assert (brutus.gold, brutus.xp) == (180, 3)
    assert_ledger_balances(brutus)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_any_sequence_of_operations_the_cache_equals_the_sum_of_lines(
    seed, brutus, owner, gm, give
):
    """A random mix of adjustments, purchases, sales and level-ups, some of them refused:
    after each step the cached balances equal the ledger, and a refused step wrote nothing."""
    rng = random.Random(seed)
    for_sale = sorted(slug for slug, item in armoury("gladiatorquest").items() if item["price"])
    for _ in range(30):
        before = (
            LedgerLine.objects.filter(gladiator=brutus).count(),
            Holding.objects.filter(gladiator=brutus).count(),
        )
        op = rng.choice(["gold", "xp", "buy", "sell", "level"])
        try:
            if op == "gold":
                amount = rng.choice([-300, -50, 100, 250, 600])
                gladiator_adjust(
                    gladiator=brutus, currency="gold", amount=amount, reason="mix", by=gm
                )
            elif op == "xp":
                amount = rng.choice([-3, -1, 1, 2, 5])
                gladiator_adjust(
                    gladiator=brutus, currency="xp", amount=amount, reason="mix", by=gm
                )
            elif op == "buy":
                item_buy(gladiator=brutus, item=rng.choice(for_sale), by=owner)
            elif op == "sell":
                holdings = list(Holding.objects.filter(gladiator=brutus))
                if holdings:
                    item_sell(holding=rng.choice(holdings), by=owner)
            else:
                gladiator_advance(gladiator=brutus, key=rng.choice(STATS), by=owner)
        except LudusError:
            after = (
                LedgerLine.objects.filter(gladiator=brutus).count(),
                Holding.objects.filter(gladiator=brutus).count(),
            )
            assert after == before, f"a refused {op} changed something"
        assert_ledger_balances(brutus)


def test_a_line_that_would_go_below_zero_raises_and_writes_nothing(brutus, give):
    """ledger_post: 'A line that would take the balance below zero raises LudusError and
    writes nothing.'"""
    give(brutus, 100)
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=brutus.pk)
        with pytest.raises(LudusError) as refused:
            ledger_post(
                gladiator=locked, currency="gold", amount=-101, cause=LedgerLine.Cause.PURCHASE
            )
    assert refused.value.field == "gold"
    assert "100 gold" in refused.value.message and "101" in refused.value.message
    brutus.refresh_from_db()
    assert brutus.gold == 100
    assert brutus.ledger.count() == 1
    assert_ledger_balances(brutus)


def test_experience_cannot_go_below_zero_either(brutus):
    with transaction.atomic():
        locked = gladiator_lock(gladiator_id=brutus.pk)
        with pytest.raises(LudusError) as refused:
            ledger_post(gladiator=locked, currency="xp", amount=-1, cause=LedgerLine.Cause.LEVEL_UP)
    assert refused.value.field == "xp"
    assert "experience points" in refused.value.message
    brutus.refresh_from_db()
    assert brutus.xp == 0
    assert not brutus.ledger.exists()


def test_a_line_may_take_the_balance_to_exactly_zero(brutus, give):
    give(brutus, 100)
    give(brutus, -100)
    assert brutus.gold == 0
    assert list(brutus.ledger.values_list("balance", flat=True).order_by("id")) == [100, 0]
    assert_ledger_balances(brutus)


def test_the_database_refuses_a_negative_cached_balance(brutus):
    """The cache itself is guarded: gold_never_negative / xp_never_negative (this test is
    about the cache, so it writes the column directly)."""
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        Gladiator.objects.filter(pk=brutus.pk).update(gold=-1)


@pytest.mark.django_db(transaction=True)
def test_ledger_post_outside_a_transaction_refuses(brutus):
    """ledger_post: 'The caller holds the gladiator's row lock (gladiator_lock) inside a
    transaction'; without one it refuses and writes nothing."""
    gladiator = Gladiator.objects.get(pk=brutus.pk)
    with pytest.raises(RuntimeError, match="inside the transaction"):
        ledger_post(gladiator=gladiator, currency="gold", amount=50, cause="adjustment")
    gladiator.refresh_from_db()
    assert gladiator.gold == 0
    assert not LedgerLine.objects.filter(gladiator=gladiator).exists()
