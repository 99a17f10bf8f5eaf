"""Vacation: a player sets dates within the campaign's allowance; at a deadline their bouts
wait for them (shown as an extension) or fall back to their orders, never civil disorder."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout, TurnOrder
from arena.play.services import bout_turn_resolve, order_submit
from campaign.models import AuditEntry
from campaign.reliability.models import DeadlineExtension, TurnAttendance, Vacation
from campaign.reliability.services import missed_turn_policy_set
from campaign.reliability.vacations import vacation_end, vacation_set
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db

STAY = {}


def today():
    return timezone.now().date()  # the players of these tests have no zone: UTC


def deadline_passes(bout):
    """The turn's deadline, an hour ago: the sweeper's next call resolves it."""
    Bout.objects.filter(pk=bout.pk).update(turn_deadline=timezone.now() - timedelta(hours=1))


def test_a_bout_waits_for_a_player_on_vacation(client, running, gm, owner, rival):
    bout, mine, _ = running
    last = today() + timedelta(days=3)
    vacation_set(campaign=bout.campaign, by=rival, starts=today(), ends=last.isoformat())
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    deadline_passes(bout)

    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is None  # it waits
    bout.refresh_from_db()
    assert bout.turn == 1
    vacation = Vacation.objects.get(user=rival)
    assert bout.turn_deadline == vacation.ends_at + timedelta(hours=24)
    extension = DeadlineExtension.objects.get(bout=bout)
    assert extension.by is None
    assert extension.reason == f"rival is on vacation until {last.isoformat()}"
    assert not TurnAttendance.objects.filter(bout=bout).exists()  # nobody missed anything

    client.force_login(owner)
    page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert f"Extended: rival is on vacation until {last.isoformat()}" in page


def test_without_waiting_the_fallback_order_fights_and_no_civil_disorder(running, gm, owner, rival):
    bout, mine, theirs = running
    missed_turn_policy_set(
        campaign=bout.campaign,
        by=gm,
        excused_allowed=0,
        disorder_after=1,
        vacation_days=10,
        vacation_waits="orders",
    )
    order_submit(entrant=theirs, by=rival, order=STAY, standing=True, turn=1)
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    bout.refresh_from_db()
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is not None
    standing = TurnOrder.objects.get(entrant=theirs, turn=1).order
    vacation_set(campaign=bout.campaign, by=rival, starts=today(), ends=today())
    for turn in (2, 3):  # two misses: disorder after one, were the rival not away
        order_submit(entrant=mine, by=owner, order=STAY, turn=turn)
        deadline_passes(bout)
        assert bout_turn_resolve(bout_id=bout.pk, turn=turn) is not None
    bout.refresh_from_db()
    assert [t["Justbec"] for t in bout.engine_input["turns"][1:]] == [standing, standing]
    outcomes = TurnAttendance.objects.filter(bout=bout, gladiator="Justbec", turn__gt=1)
    assert set(outcomes.values_list("outcome", flat=True)) == {"missed"}  # counted per policy
    assert not DeadlineExtension.objects.filter(bout=bout).exists()


def test_the_allowance_and_dates_are_checked_in_words(running, gm, rival, outsider):
    bout, _, _ = running
    campaign = bout.campaign
    missed_turn_policy_set(
        campaign=campaign, by=gm, excused_allowed=1, disorder_after=0, vacation_days=5
    )
    cases = [
        (today() - timedelta(days=1), today(), "starts today or later"),
        (today(), today() - timedelta(days=1), "on or after its first"),
        (today(), today() + timedelta(days=5), "That is 6 days; you have 5 of the campaign's 5"),
        ("soon", today(), "a date like"),
    ]
    for starts, ends, words in cases:
        with pytest.raises(LudusError, match=words):
            vacation_set(campaign=campaign, by=rival, starts=str(starts), ends=str(ends))
    vacation_set(campaign=campaign, by=rival, starts=today(), ends=today() + timedelta(days=2))
    with pytest.raises(LudusError, match="already away"):
        vacation_set(campaign=campaign, by=rival, starts=today(), ends=today())
    with pytest.raises(LudusError, match="That is 3 days; you have 2"):
        vacation_set(
            campaign=campaign,
            by=rival,
            starts=today() + timedelta(days=3),
            ends=today() + timedelta(days=5),
        )
    with pytest.raises(NotAllowed):
        vacation_set(campaign=campaign, by=outsider, starts=today(), ends=today())
    assert Vacation.objects.count() == 1
    assert AuditEntry.objects.filter(action="vacation.set").count() == 1


def test_ending_a_vacation_gives_its_days_back_and_the_bout_resolves(running, gm, owner, rival):
    bout, mine, _ = running
    vacation = vacation_set(campaign=bout.campaign, by=rival, starts=today(), ends=today())
    with pytest.raises(NotAllowed):
        vacation_end(vacation=vacation, by=owner)
    vacation_end(vacation=vacation, by=rival)
    vacation.refresh_from_db()
    assert vacation.ends_at <= timezone.now()
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    deadline_passes(bout)
    assert bout_turn_resolve(bout_id=bout.pk, turn=1) is not None  # nobody away: it resolves
    later = vacation_set(
        campaign=bout.campaign,
        by=rival,
        starts=today() + timedelta(days=2),
        ends=today() + timedelta(days=2),
    )
    assert vacation_end(vacation=later, by=rival) is None  # not begun: forgotten
    assert not Vacation.objects.filter(pk=later.pk).exists()


def test_the_campaign_page_sets_a_vacation_and_refuses_in_words(client, running, rival):
    bout, _, _ = running
    client.force_login(rival)
    url = reverse("vacation-set", args=[bout.campaign.slug])
    answer = client.post(url, {"starts": "2001-01-01", "ends": "2001-01-02"})
    assert answer.status_code == 400
    assert "starts today or later" in answer.content.decode()
    answer = client.post(url, {"starts": today().isoformat(), "ends": today().isoformat()})
    assert answer.status_code == 302
    page = client.get(reverse("campaign", args=[bout.campaign.slug])).content.decode()
    assert f"Away from {today()} to {today()}" in page
