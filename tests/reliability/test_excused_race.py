"""Two misses of one player, in two bouts resolving at the same instant, both count: the
second waits for the first's excused miss (one conditional UPDATE of the player's counter),
so the policy's allowance is never exceeded."""

from __future__ import annotations

import pytest

from arena.play.services import bout_turn_resolve, order_submit
from campaign.reliability.models import TurnAttendance
from campaign.reliability.services import missed_turn_policy_set
from tests.arena.test_concurrent_bouts import HANG_GUARD, held, run_beside, two_bouts

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["two_bouts"]  # the fixture, shared with the arena's concurrency tests


def test_two_misses_at_once_both_count_and_one_is_excused(two_bouts, gm, owner, rival):
    (north_a, north_b), (south_a, south_b) = two_bouts
    missed_turn_policy_set(
        campaign=north_a.bout.campaign, by=gm, excused_allowed=1, disorder_after=0
    )
    order_submit(entrant=north_b, by=rival, order={})  # the owner misses turn 1 of both
    order_submit(entrant=south_b, by=rival, order={})

    def resolve(entrant) -> None:
        assert bout_turn_resolve(bout_id=entrant.bout_id, turn=1, force=True) is not None

    with held(lambda: resolve(north_a)) as pid:
        how, outcome = run_beside(pid, lambda: resolve(south_a))
        assert how == "waited", "the second miss was counted without waiting for the first"
    outcome["thread"].join(timeout=HANG_GUARD)
    assert "error" not in outcome, outcome.get("error")
    misses = TurnAttendance.objects.filter(user=owner).order_by("bout_id")
    assert [(row.bout_id, row.outcome) for row in misses] == [
        (north_a.bout_id, "excused"),
        (south_a.bout_id, "missed"),
    ]
