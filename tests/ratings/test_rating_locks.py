"""Ratings under concurrency: resolutions of one campaign rate their bouts side by side, a void
waits for the resolutions in flight and then rates the later bouts again, and a bout resolved
by many deliveries at once is rated once. PostgreSQL says who waits on whom
(pg_blocking_pids), as in tests/arena/test_concurrent_bouts.py; nothing asserts on a duration.
"""

from __future__ import annotations

import os
import threading
from datetime import timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.utils import timezone

from arena.bouts import ratings
from arena.bouts.ratings import ratings_rebuild
from arena.bouts.services import bout_resolve, bout_schedule
from arena.bouts.void import bout_void
from arena.models import Bout, Rating, RatingChange
from characters.services import gladiator_create
from tests.arena.test_concurrent_bouts import HANG_GUARD, held, run_beside

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pair(campaign, owner, rival):
    crixus = gladiator_create(campaign=campaign, by=owner, name="Crixus", kind="dwarf")
    spartacus = gladiator_create(campaign=campaign, by=rival, name="Spartacus", kind="elf")
    return crixus, spartacus


@pytest.fixture
def due(campaign, gm):
    def due(gladiators, seed: int) -> Bout:
        return bout_schedule(
            campaign=campaign,
            by=gm,
            gladiators=gladiators,
            scheduled_at=timezone.now() - timedelta(seconds=1),
            seed=seed,
        )

    return due


def stored() -> dict[str, tuple[float, float, int]]:
    return {
        r.gladiator.name: (r.mu, r.sigma, r.bouts)
        for r in Rating.objects.select_related("gladiator")
    }


def test_two_resolutions_of_a_campaign_rate_side_by_side(brutus, nox, pair, due):
    north, south = due([brutus, nox], seed=8), due(list(pair), seed=8)
    with held(lambda: bout_resolve(bout_id=north.pk)) as pid:
        state, outcome = run_beside(pid, lambda: bout_resolve(bout_id=south.pk))
        assert state == "finished", "rating a bout waited on another bout's resolution"
    assert "error" not in outcome
    assert set(RatingChange.objects.values_list("bout_id", flat=True)) == {north.pk, south.pk}


def test_a_void_waits_for_a_resolution_in_flight_of_other_gladiators(
    campaign, brutus, nox, pair, due, gm
):
    """The resolution shares no gladiator with the void: only the campaign's ratings lock
    (shared by the resolution, exclusive for the void's replay) makes the void wait."""
    first = due([brutus, nox], seed=8)
    assert bout_resolve(bout_id=first.pk).winner == "Brutus", "seed 8: Brutus wins"
    later = due(list(pair), seed=8)

    with held(lambda: bout_resolve(bout_id=later.pk)) as pid:
        state, outcome = run_beside(
            pid, lambda: bout_void(bout=first, by=gm, reason="Fought in the wrong arena")
        )
        assert state == "waited", "the void did not wait for the rating in flight"
    outcome["thread"].join(timeout=HANG_GUARD)
    assert "error" not in outcome, outcome.get("error")

    assert Bout.objects.get(pk=first.pk).status == Bout.Status.VOIDED
    after_void = stored()
    assert (after_void["Brutus"][2], after_void["Nox"][2], after_void["Crixus"][2]) == (0, 0, 1)
    with transaction.atomic():
        ratings_rebuild(campaign_id=campaign.pk)
    rebuilt = stored()
    assert rebuilt == {name: skill for name, skill in after_void.items() if skill[2]}


def lock_free_in(database: str, campaign_id: int) -> bool:
    """Whether a session of `database` (on the test database's server) could take the ratings
    lock of campaign `campaign_id` now."""
    with psycopg.connect(os.environ["DATABASE_URL"], dbname=database) as conn:
        row = conn.execute(
            "SELECT pg_try_advisory_xact_lock(%s, %s)",
            [ratings.LOCK_SPACE, campaign_id % 2**31],
        ).fetchone()
        conn.rollback()
    return row[0]


def test_a_campaigns_ratings_lock_is_its_databases_own(campaign):
    """PostgreSQL keys an advisory lock by the database too: campaign 5's ratings lock holds
    off every session of its database, and no session of another database on the same server
    (another Ludus site's, or another parallel test run's, with a campaign 5 of its own)."""
    with held(lambda: ratings._lock(campaign.pk, exclusive=True)):
        assert not lock_free_in(connection.settings_dict["NAME"], campaign.pk)
        assert lock_free_in("postgres", campaign.pk)
    assert lock_free_in(connection.settings_dict["NAME"], campaign.pk)


def test_a_bout_delivered_ten_times_at_once_is_rated_once(brutus, nox, due):
    bout = due([brutus, nox], seed=8)
    barrier = threading.Barrier(10)
    errors: list[BaseException] = []

    def deliver() -> None:
        try:
            barrier.wait(timeout=HANG_GUARD)
            bout_resolve(bout_id=bout.pk)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=HANG_GUARD)
    assert errors == []
    assert RatingChange.objects.filter(bout=bout).count() == 2
    assert {skill[2] for skill in stored().values()} == {1}
