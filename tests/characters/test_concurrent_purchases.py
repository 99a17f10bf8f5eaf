"""Double clicks and racing requests: the gladiator's row lock makes a purse or an experience
pool pay for one thing once, whatever the number of requests at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from campaign.shared.errors import LudusError
from characters.catalogue import armoury
from characters.models import Gladiator, Holding, LedgerLine
from characters.services import gladiator_advance
from characters.shop import item_buy

from .conftest import assert_ledger_balances

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 20


def race(job: Callable[[], object]) -> tuple[list[object], list[BaseException]]:
    """Run `job` in REQUESTS threads released together, each on its own connection."""
    barrier = threading.Barrier(REQUESTS)
    lock = threading.Lock()
    done: list[object] = []
    failed: list[BaseException] = []

    def worker() -> None:
        try:
            barrier.wait(timeout=30)
            result = job()
            with lock:
                done.append(result)
        except BaseException as exc:  # every outcome is counted below
            with lock:
                failed.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a request hung"
    return done, failed


def test_twenty_concurrent_purchases_with_gold_for_one_buy_one(brutus, owner, give):
    price = armoury("gladiatorquest")["shield"]["price"]
    give(brutus, price + price // 2)  # enough for one shield, not two

    def buy() -> Holding:
        # Each request loads its own copy, as a view would.
        return item_buy(gladiator=Gladiator.objects.get(pk=brutus.pk), item="shield", by=owner)

    done, failed = race(buy)

    assert len(done) == 1
    assert len(failed) == REQUESTS - 1
    assert all(type(exc) is LudusError for exc in failed), {type(e) for e in failed}
    assert all(exc.field == "gold" for exc in failed)
    brutus.refresh_from_db()
    assert brutus.gold == price // 2
    assert LedgerLine.objects.filter(gladiator=brutus, cause="purchase").count() == 1
    assert brutus.holdings.filter(item="shield").count() == 1
    assert_ledger_balances(brutus)


def test_twenty_concurrent_level_ups_with_experience_for_one_level_once(brutus, owner, give):
    give(brutus, 2 + 1, "xp")  # level 2 costs 2; level 3 would cost 4

    def level_up() -> Gladiator:
        return gladiator_advance(
            gladiator=Gladiator.objects.get(pk=brutus.pk), key="attack", by=owner
        )

    done, failed = race(level_up)

    assert len(done) == 1
    assert len(failed) == REQUESTS - 1
    assert all(type(exc) is LudusError for exc in failed), {type(e) for e in failed}
    brutus.refresh_from_db()
    assert (brutus.level, brutus.build["bonuses"].get("attack", 0), brutus.xp) == (2, 1, 1)
    assert LedgerLine.objects.filter(gladiator=brutus, cause="level_up").count() == 1
    assert_ledger_balances(brutus)
