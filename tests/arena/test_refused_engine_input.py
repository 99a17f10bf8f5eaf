"""A bout the rule set cannot set up (two gladiators of one Arena of the Elders champion: each
champion fights once) is refused in words when it is scheduled; one that became impossible
after scheduling fails once, in words, instead of being retried forever."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout
from campaign.shared.errors import LudusError
from characters.models import Gladiator
from characters.services import gladiator_create
from tests.conftest import campaign_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def elders(gm, owner, rival):
    campaign = campaign_with(gm, (owner, rival), name="Elders", ruleset="arena-of-the-elders")
    return campaign, [
        gladiator_create(campaign=campaign, by=owner, name="Ignis", kind="ignis"),
        gladiator_create(campaign=campaign, by=rival, name="Ignea", kind="ignis"),
        gladiator_create(campaign=campaign, by=rival, name="Nyx", kind="nyx"),
    ]


def test_a_bout_the_rules_refuse_is_not_scheduled(elders, gm):
    campaign, (ignis, ignea, _) = elders
    soon = timezone.now() + timedelta(minutes=5)
    with pytest.raises(LudusError, match="The rules refuse this bout: two Ignis"):
        bout_schedule(campaign=campaign, by=gm, gladiators=[ignis, ignea], scheduled_at=soon)
    assert not Bout.objects.filter(campaign=campaign).exists()


def test_a_bout_that_became_impossible_fails_once_with_the_reason(elders, gm):
    campaign, (ignis, _, nyx) = elders
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[ignis, nyx],
        scheduled_at=timezone.now() + timedelta(minutes=5),
    )
    # Between scheduling and the fight, the data changed under the bout (an admin's edit).
    Gladiator.objects.filter(pk=nyx.pk).update(kind="ignis")
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
    purses = {g.pk: g.gold for g in (ignis, nyx)}  # the campaign's starting purse
    failed = bout_resolve(bout_id=bout.pk)
    assert failed is not None and failed.status == Bout.Status.FAILED
    assert failed.failure.startswith("The rules refuse this bout: two Ignis")
    assert bout_resolve(bout_id=bout.pk) is None  # nothing left to retry
    for g in (ignis, nyx):
        g.refresh_from_db()
        assert (g.bouts_fought, g.gold) == (0, purses[g.pk])
