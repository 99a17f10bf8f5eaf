"""What a campaign tells its people: each event recorded once, in the inboxes of those it
concerns, inside the transaction of the change it reports."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout, BoutEntrant
from arena.notices import notice_bout_fought
from arena.play.services import bout_turn_force, bout_turn_resolve, order_submit
from campaign.notifications.models import Event, Notification
from campaign.notifications.services import event_record

pytestmark = pytest.mark.django_db


def inbox(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user).order_by("id").values_list("event__text", flat=True)
    )


def test_a_scheduled_bout_goes_to_the_owners_of_its_gladiators(
    campaign, gm, owner, rival, brutus, nox
):
    bout_schedule(
        campaign=campaign, by=gm, gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(days=2), title="The opening",
    )  # fmt: skip
    (text,) = inbox(owner)
    assert text.startswith("A bout is scheduled: The opening (Brutus, Nox)")
    assert inbox(rival) == [text]
    assert inbox(gm) == []  # the GM scheduled it


def test_a_new_turn_asks_each_owner_for_orders(running, owner, rival, gm):
    bout, mine, theirs = running
    assert inbox(owner) == [
        f"Your orders are needed: Kaunisto in First blood, turn 1 by "
        f"{bout.turn_deadline:%Y-%m-%d %H:%M} UTC."
    ]
    order_submit(entrant=mine, by=owner, order={}, turn=1)
    order_submit(entrant=theirs, by=rival, order={}, turn=1)
    bout_turn_resolve(bout_id=bout.pk, turn=1)
    assert inbox(owner)[1:] == [
        "Turn 1 of First blood resolved.",
        inbox(owner)[2],
    ]
    assert inbox(owner)[2].startswith("Your orders are needed: Kaunisto in First blood, turn 2")
    event = Event.objects.get(key=f"orders_needed:{bout.pk}:2:{owner.pk}")
    assert event.link == f"/c/{bout.campaign.slug}/bouts/{bout.pk}/orders/{mine.pk}/"
    assert inbox(gm) == []


def test_an_event_recorded_twice_is_one_event_in_each_inbox(campaign, owner, rival):
    for _ in range(2):
        event_record(
            campaign=campaign, kind=Event.Kind.TURN_RESOLVED, key="turn_resolved:1:1",
            text="Turn 1 resolved.", users=[owner.pk, rival.pk, owner.pk],
        )  # fmt: skip
    assert Event.objects.count() == 1
    assert Notification.objects.count() == 2


def test_an_event_of_a_rolled_back_change_never_happened(campaign, owner):
    with pytest.raises(RuntimeError), transaction.atomic():
        event_record(
            campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key="bout_fought:1",
            text="x", users=[owner.pk],
        )  # fmt: skip
        raise RuntimeError
    assert not Event.objects.exists() and not Notification.objects.exists()


def test_a_fought_bout_tells_everyone_in_it_and_the_gm(due_bout, gm, owner, rival):
    bout = bout_resolve(bout_id=due_bout.pk)
    assert bout.status == Bout.Status.RESOLVED
    outcome = f"{bout.winner} won" if bout.winner else "nobody won"
    for user in (gm, owner, rival):
        assert f"{bout.title} was fought: {outcome}." in inbox(user)


def test_a_death_and_a_mercy_go_to_their_owners(due_bout, owner, rival):
    bout = bout_resolve(bout_id=due_bout.pk)
    Event.objects.all().delete()
    brutus, nox = (e for e in bout.entrants.order_by("gladiator__name"))
    BoutEntrant.objects.filter(pk=brutus.pk).update(fate=BoutEntrant.Fate.KILLED)
    BoutEntrant.objects.filter(pk=nox.pk).update(fate=BoutEntrant.Fate.MERCY)
    notice_bout_fought(bout=bout)
    assert f"Brutus died in {bout.title}." in inbox(owner)
    assert f"Nox was spared in {bout.title}." in inbox(rival)
    assert not any("Nox" in text and "spared" in text for text in inbox(owner))


def test_the_gm_forcing_a_turn_tells_it_once(running, gm, owner):
    bout, _, _ = running
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    assert inbox(owner).count("Turn 1 of First blood resolved.") == 1


def test_an_event_only_for_the_inbox_asks_the_worker_for_nothing(
    campaign, owner, django_capture_on_commit_callbacks
):
    """Nobody it concerns has an e-mail address and no webhook listens: the inbox row is the
    whole delivery, so no fan-out is sent to the worker (and the sweeper has nothing to
    resend); give the owner an address and the next event is fanned out."""
    owner.email = ""
    owner.save(update_fields=["email"])
    with django_capture_on_commit_callbacks() as sent:
        quiet = event_record(campaign=campaign, kind=Event.Kind.TURN_RESOLVED, key="quiet",
                             text="Turn 1 resolved.", users=[owner.pk])  # fmt: skip
    assert sent == [] and quiet.fanned_out_at is not None
    assert inbox(owner) == ["Turn 1 resolved."]
    owner.email = "owner@example.org"
    owner.save(update_fields=["email"])
    with django_capture_on_commit_callbacks() as sent:
        heard = event_record(campaign=campaign, kind=Event.Kind.TURN_RESOLVED, key="heard",
                             text="Turn 2 resolved.", users=[owner.pk])  # fmt: skip
    assert len(sent) == 1 and heard.fanned_out_at is None
