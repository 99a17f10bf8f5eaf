"""Many bouts at once: a write locks only the rows it must own, so bouts of one campaign never
wait on each other, nor a purchase on a bout its gladiator is not in.

Each test holds a real service's transaction open on one connection (every lock it took stays
held) and runs another service on a second connection. PostgreSQL itself says whether the second
one waits on the first (pg_blocking_pids): the tests assert on that, never on a duration.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from django.db import connection, transaction

from arena.bouts.services import bout_resolve
from arena.models import Bout, TurnOrder
from arena.play.services import bout_enter, bout_open, bout_start, bout_turn_resolve, order_submit
from characters.catalogue import armoury
from characters.models import Gladiator, Holding
from characters.services import gladiator_adjust, gladiator_create
from characters.shop import item_buy

pytestmark = pytest.mark.django_db(transaction=True)

HANG_GUARD = 60  # seconds; only reached when something deadlocks for good


@contextlib.contextmanager
def held(hold: Callable[[], object]) -> Iterator[int]:
    """Run `hold` inside a transaction on its own connection and keep that transaction open,
    with every lock it took, until the block ends. Yields the holder's backend pid."""
    ready, release = threading.Event(), threading.Event()
    info: dict[str, object] = {}

    def holder() -> None:
        try:
            with transaction.atomic():
                hold()
                info["pid"] = connection.connection.info.backend_pid
                ready.set()
                release.wait(timeout=HANG_GUARD)
        except BaseException as exc:  # reported to the test below
            info["error"] = exc
            ready.set()
        finally:
            connection.close()

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert ready.wait(timeout=HANG_GUARD), "the holder never took its locks"
        if "error" in info:
            raise AssertionError(f"the holder failed: {info['error']!r}")
        yield info["pid"]
    finally:
        release.set()
        thread.join(timeout=HANG_GUARD)
    assert "error" not in info, info["error"]


def waits_on(pid: int) -> bool:
    """Is any backend waiting for a lock that backend `pid` holds?"""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", [pid]
        )
        return cursor.fetchone()[0] > 0


def run_beside(pid: int, job: Callable[[], object]) -> tuple[str, dict[str, object]]:
    """Start `job` on its own connection while backend `pid` holds its locks. Returns
    ("finished", outcome) when the job completed while they were held, or ("waited", outcome)
    as soon as PostgreSQL shows it waiting on `pid` (the job then finishes once `pid` lets go,
    and `outcome` is filled in when the caller's `held` block has ended)."""
    outcome: dict[str, object] = {}

    def worker() -> None:
        try:
            outcome["result"] = job()
        except BaseException as exc:
            outcome["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    deadline = time.monotonic() + HANG_GUARD
    while thread.is_alive():
        if waits_on(pid):
            outcome["thread"] = thread
            return "waited", outcome
        assert time.monotonic() < deadline, "the job neither finished nor waited on the holder"
        thread.join(timeout=0.005)
    return "finished", outcome


@pytest.fixture
def two_bouts(arena_campaign, gm, owner, rival, kaunisto, justbec):
    """Two running Gladiator Arena bouts of one campaign, two gladiators each."""
    ajax = gladiator_create(campaign=arena_campaign, by=owner, name="Ajax", kind="human")
    hector = gladiator_create(campaign=arena_campaign, by=rival, name="Hector", kind="dwarf")
    bouts = []
    for title, (mine, theirs) in (("North", (kaunisto, justbec)), ("South", (ajax, hector))):
        bout = bout_open(campaign=arena_campaign, by=gm, title=title, deadline_hours=24)
        a = bout_enter(bout=bout, gladiator=mine, by=owner, square="D4")
        b = bout_enter(bout=bout, gladiator=theirs, by=rival, square="D6")
        bout_start(bout=bout, by=gm)
        bouts.append((a, b))
    return bouts


def test_an_order_does_not_wait_while_another_bout_of_the_campaign_takes_one(
    two_bouts, owner, rival
):
    (north_a, _), (south_a, _) = two_bouts
    with held(lambda: order_submit(entrant=north_a, by=owner, order={})) as pid:
        how, outcome = run_beside(
            pid, lambda: order_submit(entrant=south_a, by=owner, order={"move": "D3"})
        )
        assert how == "finished", "the order on South waited for North's lock"
        assert "error" not in outcome, outcome.get("error")
    assert TurnOrder.objects.filter(entrant__in=[north_a, south_a], turn=1).count() == 2


def test_an_order_does_not_wait_while_another_bout_of_the_campaign_resolves_a_turn(
    two_bouts, owner, rival
):
    (north_a, north_b), (south_a, _) = two_bouts
    order_submit(entrant=north_a, by=owner, order={})
    order_submit(entrant=north_b, by=rival, order={})

    def resolve_north() -> None:
        assert bout_turn_resolve(bout_id=north_a.bout_id, turn=1) is not None

    with held(resolve_north) as pid:
        how, outcome = run_beside(pid, lambda: order_submit(entrant=south_a, by=owner, order={}))
        assert how == "finished", "the order on South waited for North's turn"
        assert "error" not in outcome, outcome.get("error")
    assert Bout.objects.get(pk=north_a.bout_id).turn == 2


@pytest.fixture
def shopper(campaign, owner, gm):
    """A GladiatorQuest gladiator in no bout, with gold for a shield."""
    cato = gladiator_create(campaign=campaign, by=owner, name="Cato", kind="dwarf")
    price = armoury("gladiatorquest")["shield"]["price"]
    gladiator_adjust(gladiator=cato, currency="gold", amount=price, reason="stake", by=gm)
    return cato


def buy_shield(gladiator: Gladiator, by) -> Holding:
    return item_buy(gladiator=Gladiator.objects.get(pk=gladiator.pk), item="shield", by=by)


def test_a_purchase_does_not_wait_while_an_unrelated_bout_is_resolved(due_bout, shopper, owner):
    def resolve() -> None:
        assert bout_resolve(bout_id=due_bout.pk) is not None  # payouts included, uncommitted

    with held(resolve) as pid:
        how, outcome = run_beside(pid, lambda: buy_shield(shopper, owner))
        assert how == "finished", "the purchase waited for a bout its gladiator is not in"
        assert "error" not in outcome, outcome.get("error")
    assert shopper.holdings.filter(item="shield").exists()


def test_a_purchase_for_a_gladiator_being_paid_waits_for_the_payout(due_bout, brutus, owner, gm):
    """The control: the probe does see a wait when there must be one."""
    price = armoury("gladiatorquest")["shield"]["price"]
    gladiator_adjust(gladiator=brutus, currency="gold", amount=price, reason="stake", by=gm)

    def resolve() -> None:
        assert bout_resolve(bout_id=due_bout.pk) is not None

    with held(resolve) as pid:
        how, outcome = run_beside(pid, lambda: buy_shield(brutus, owner))
        assert how == "waited"
    outcome["thread"].join(timeout=HANG_GUARD)
    brutus.refresh_from_db()
    # The expectation follows the stored result: killed in the bout, the purchase saw the
    # committed death and was refused; alive, it bought the shield.
    alive = brutus.status == Gladiator.Status.ACTIVE
    assert ("error" not in outcome) == alive, outcome.get("error")
    assert brutus.holdings.filter(item="shield").exists() == alive


def test_two_last_orders_at_once_queue_on_the_bout_and_ask_for_one_resolve(running, owner, rival):
    """The turn's orders are read after the bout's lock, in a statement of their own: the
    second of two last orders waits for the first, then sees it and asks for the resolve."""
    bout, mine, theirs = running
    asked: dict[str, int] = {}

    def first() -> None:
        order_submit(entrant=mine, by=owner, order={"move": "D3"}, turn=1)
        asked["first"] = len(connection.run_on_commit)  # resolves it would ask for

    def second() -> int:
        with transaction.atomic():
            order_submit(entrant=theirs, by=rival, order={"move": "D7"}, turn=1)
            return len(connection.run_on_commit)

    with held(first) as pid:
        how, outcome = run_beside(pid, second)
        assert how == "waited"
    outcome["thread"].join(timeout=HANG_GUARD)
    assert "error" not in outcome, outcome["error"]
    assert (asked["first"], outcome["result"]) == (0, 1)
    orders = dict(TurnOrder.objects.filter(bout=bout, turn=1).values_list("entrant", "order"))
    assert orders == {mine.pk: {"move": "D3"}, theirs.pk: {"move": "D7"}}
