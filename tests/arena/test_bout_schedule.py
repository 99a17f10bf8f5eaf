from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from arena.bouts.services import bout_cancel, bout_schedule
from arena.models import Bout
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db

SOON = timezone.now() + timedelta(hours=1)


def test_the_gm_schedules_a_bout(campaign, gm, brutus, nox):
    bout = bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=SOON)
    assert bout.status == Bout.Status.SCHEDULED
    assert bout.title == "Brutus vs Nox"
    assert [e.gladiator for e in bout.entrants.order_by("id")] == [brutus, nox]
    assert campaign.audit.filter(action="bout.schedule", actor=gm).exists()


def test_a_player_may_not_schedule(campaign, owner, brutus, nox):
    with pytest.raises(NotAllowed):
        bout_schedule(campaign=campaign, by=owner, gladiators=[brutus, nox], scheduled_at=SOON)
    assert not Bout.objects.exists()


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        (lambda b, n: [b], "at least two"),
        (lambda b, n: [b, b], "only once"),
    ],
)
def test_bad_entrant_lists_are_refused(campaign, gm, brutus, nox, pick, message):
    with pytest.raises(LudusError, match=message):
        bout_schedule(campaign=campaign, by=gm, gladiators=pick(brutus, nox), scheduled_at=SOON)
    assert not Bout.objects.exists()


def test_a_dead_gladiator_cannot_be_scheduled(campaign, gm, brutus, nox):
    Gladiator.objects.filter(pk=nox.pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(LudusError, match="Nox is dead"):
        bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=SOON)


def test_a_gladiator_of_another_campaign_cannot_enter(campaign, public_campaign, gm, brutus):
    stranger = gladiator_create(campaign=public_campaign, by=gm, name="Stranger", kind="orc")
    with pytest.raises(LudusError, match="belong to this campaign"):
        bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, stranger], scheduled_at=SOON)


def test_a_naive_time_is_refused(campaign, gm, brutus, nox):
    with pytest.raises(LudusError, match="time zone"):
        bout_schedule(
            campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=datetime(2030, 1, 1)
        )


def test_the_gm_cancels_a_scheduled_bout_once(campaign, gm, owner, brutus, nox):
    bout = bout_schedule(campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=SOON)
    with pytest.raises(NotAllowed):
        bout_cancel(bout=bout, by=owner)
    bout_cancel(bout=bout, by=gm, reason="rain")
    assert bout.status == Bout.Status.CANCELLED
    with pytest.raises(LudusError, match="Only a bout not yet decided"):
        bout_cancel(bout=bout, by=gm)
    assert campaign.audit.filter(action="bout.cancel", detail__reason="rain").count() == 1
