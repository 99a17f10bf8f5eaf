"""Guards around bouts, each pinned by a test: shared gladiators across bouts, secret tactics
in the bout API, a sweeper that one bad bout could stall, options and inputs that gave 500s."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from arena.bouts.services import bout_cancel, bout_resolve, bout_schedule, bouts_sweep_due
from arena.models import Bout
from arena.play.services import bout_enter, bout_open
from campaign.shared.errors import LudusError
from characters.models import Gladiator, LedgerLine
from characters.services import gladiator_create, gladiator_retire, gladiator_tactics_set


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_two_bouts_sharing_a_gladiator_resolved_at_once_never_pay_a_dead_one(
    campaign, gm, owner, rival, brutus, nox
):
    """Both bouts are due; whichever kills a gladiator first makes the other bout fail.
    Nox dies in either bout by its seed, so whichever thread wins, Nox dies once."""
    crixus = gladiator_create(campaign=campaign, by=rival, name="Crixus", kind="barbarian")
    past = timezone.now() - timedelta(seconds=1)
    bouts = [
        bout_schedule(
            campaign=campaign, by=gm, gladiators=[brutus, nox], scheduled_at=past, seed=1
        ),
        bout_schedule(
            campaign=campaign, by=gm, gladiators=[nox, crixus], scheduled_at=past, seed=4
        ),
    ]
    barrier = threading.Barrier(2)

    def resolve(bout: Bout) -> None:
        try:
            barrier.wait()
            bout_resolve(bout_id=bout.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=resolve, args=(b,)) for b in bouts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    nox.refresh_from_db()
    assert nox.status == Gladiator.Status.DEAD and nox.bouts_fought == 1
    died = Bout.objects.get(pk=nox.died_in_id)
    assert died.status == Bout.Status.RESOLVED
    later = next(b for b in bouts if b.pk != died.pk)
    later.refresh_from_db()
    assert later.status == Bout.Status.FAILED  # it refused the dead gladiator
    assert LedgerLine.objects.filter(gladiator=nox, bout=later).count() == 0


@pytest.mark.django_db
def test_a_gladiator_in_a_turn_by_turn_bout_fights_nowhere_else(
    arena_campaign, gm, owner, kaunisto, justbec, running
):
    other = bout_open(campaign=arena_campaign, by=gm, title="Second ring")
    with pytest.raises(LudusError, match="already in"):
        bout_enter(bout=other, gladiator=kaunisto, by=owner)
    with pytest.raises(LudusError, match="fighting turn by turn"):
        bout_schedule(
            campaign=arena_campaign,
            by=gm,
            gladiators=[kaunisto, justbec],
            scheduled_at=timezone.now() + timedelta(days=1),
        )
    with pytest.raises(LudusError, match="retire after that bout"):
        gladiator_retire(gladiator=kaunisto, by=owner)


@pytest.mark.django_db
def test_retiring_withdraws_from_bouts_still_open(arena_campaign, gm, owner, kaunisto):
    bout = bout_open(campaign=arena_campaign, by=gm, title="Open")
    bout_enter(bout=bout, gladiator=kaunisto, by=owner, square="A1")
    gladiator_retire(gladiator=kaunisto, by=owner)
    assert not bout.entrants.exists()


@pytest.mark.django_db
def test_the_bout_api_hides_a_gladiators_tactics_from_rivals(due_bout, brutus, owner, rival, gm):
    gladiator_tactics_set(gladiator=brutus, tactics={"approach": "keep_distance"}, by=owner)
    bout_resolve(bout_id=due_bout.pk)
    url = reverse("api-bout", args=[due_bout.campaign.slug, due_bout.pk])

    def tactics_seen(user) -> dict:
        entries = api(user).get(url).json()["engine_input"]["gladiators"]
        return {g["name"]: g.get("tactics") for g in entries}

    assert tactics_seen(rival)["Brutus"] is None
    assert tactics_seen(owner)["Brutus"] == {"approach": "keep_distance"}
    assert tactics_seen(gm)["Brutus"] == {"approach": "keep_distance"}


@pytest.mark.django_db
def test_one_broken_bout_does_not_stall_the_sweeper(
    arena_campaign, gm, kaunisto, justbec, due_bout
):
    broken = bout_schedule(
        campaign=arena_campaign,
        by=gm,
        gladiators=[kaunisto, justbec],
        scheduled_at=timezone.now() - timedelta(minutes=1),
    )
    Bout.objects.filter(pk=broken.pk).update(options={"board": "xy"})  # slipped in by hand
    Bout.objects.filter(pk=due_bout.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    assert bouts_sweep_due()["resolved"] >= 1
    assert Bout.objects.get(pk=due_bout.pk).status == Bout.Status.RESOLVED


@pytest.mark.django_db
def test_bad_bout_options_are_refused_with_the_option_named(arena_campaign, gm):
    with pytest.raises(LudusError, match="board") as error:
        bout_open(campaign=arena_campaign, by=gm, title="x", options={"board": "xy"})
    assert error.value.field == "options"
    response = api(gm).post(
        reverse("api-bout-open", args=[arena_campaign.slug]),
        {"title": "x", "options": {"board": [99, 2]}},
        format="json",
    )
    assert response.status_code == 400 and "board" in response.json()["options"][0]
    assert not Bout.objects.exists()


@pytest.mark.django_db
def test_inputs_that_used_to_give_500s(arena_campaign, campaign, gm, owner, brutus, client_as):
    bout = bout_open(campaign=arena_campaign, by=gm, title="x")
    response = client_as(owner).post(
        reverse("bout-enter", args=[arena_campaign.slug, bout.pk]),
        {"gladiator": "abc"},
        follow=True,
    )
    assert "Choose one of your gladiators." in response.content.decode()
    page = client_as(gm).get(reverse("bout-open", args=[campaign.slug]))
    assert page.status_code == 400 and "not played turn by turn" in page.content.decode()
    huge = api(gm).post(
        reverse("api-gladiator-adjust", args=[campaign.slug, brutus.pk]),
        {"currency": "gold", "amount": 2**40, "reason": "typo"},
        format="json",
    )
    assert huge.status_code == 400
    sold = client_as(owner).post(
        reverse("gladiator-sell", args=[campaign.slug, brutus.pk]), {"holding": "abc"}, follow=True
    )
    assert "Brutus has no item with id abc." in sold.content.decode()
    form = client_as(gm).post(
        reverse("gladiator-adjust", args=[campaign.slug, brutus.pk]),
        {"currency": "gold", "amount": 2**40, "reason": "typo"},
        follow=True,
    )
    assert form.status_code == 400
    brutus.refresh_from_db()
    assert brutus.gold == 0


@pytest.mark.django_db
def test_the_sell_ratio_is_a_house_rule_between_0_and_1(campaign, gm, owner, client_as):
    url = reverse("campaign-options", args=[campaign.slug])
    client_as(gm).post(url, {"sell_ratio": "0.75"})
    campaign.refresh_from_db()
    assert campaign.options["sell_ratio"] == 0.75
    client_as(gm).post(url, {"sell_ratio": "3"})
    assert client_as(owner).post(url, {"sell_ratio": "0.1"}).status_code == 403
    campaign.refresh_from_db()
    assert campaign.options["sell_ratio"] == 0.75


@pytest.mark.django_db
def test_a_running_bout_can_be_cancelled_and_pays_nobody(running, gm):
    bout, _, _ = running
    bout_cancel(bout=bout, by=gm, reason="the emperor is ill")
    bout.refresh_from_db()
    assert bout.status == Bout.Status.CANCELLED and bout.turn_deadline is None
    assert not LedgerLine.objects.exists()


@pytest.mark.django_db
def test_joining_through_the_api_tolerates_spaces_around_the_code(campaign, outsider):
    response = api(outsider).post(
        reverse("api-campaign-join", args=[campaign.slug]),
        {"code": f"  {campaign.invite_code} "},
        format="json",
    )
    assert response.status_code == 200
