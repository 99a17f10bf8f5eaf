"""Replacement players: the GM hands a seat to another member. The seat keeps its history,
the record of misses stays with the person, the old owner's order for the turn under way is
dropped, the change is announced, and the old owner loses access at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import TurnOrder
from arena.play.services import bout_turn_force, order_submit
from campaign.models import AuditEntry
from campaign.notifications.models import Notification
from campaign.press.models import Post
from campaign.reliability.models import TurnAttendance
from campaign.reliability.seats import seat_hand_over
from campaign.reliability.selectors import Reliability, reliability_of
from campaign.services import campaign_join
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator

pytestmark = pytest.mark.django_db

STAY = {}


@pytest.fixture
def stand_in(make_user, running):
    user = make_user("standin")
    campaign = running[0].campaign
    campaign_join(campaign=campaign, user=user, code=campaign.invite_code)
    return user


def test_a_replacement_takes_over_a_seat(client, running, gm, owner, rival, stand_in):
    bout, mine, theirs = running
    order_submit(entrant=theirs, by=rival, order=STAY, turn=1)
    order_submit(entrant=mine, by=owner, order=STAY, turn=1)
    bout_turn_force(bout=bout, by=gm, turn=1, reason="Test: resolve now")
    order_submit(entrant=theirs, by=rival, order=STAY, turn=2)  # rival's, for turn 2
    justbec = theirs.gladiator

    seat = seat_hand_over(campaign=bout.campaign, by=gm, to="standin", gladiator=justbec)

    assert [g.name for g in seat] == ["Justbec"]
    justbec.refresh_from_db()
    assert justbec.owner == stand_in
    assert not TurnOrder.objects.filter(entrant=theirs, turn=2).exists()  # dropped
    assert TurnOrder.objects.filter(entrant=theirs, turn=1).exists()  # history stays
    with pytest.raises(NotAllowed):  # the old owner has lost the seat at once
        order_submit(entrant=theirs, by=rival, order=STAY, turn=2)
    order_submit(entrant=theirs, by=stand_in, order=STAY, turn=2)
    bout_turn_force(bout=bout, by=gm, turn=2, reason="Test: resolve now")
    # The record of misses stays with each person: turn 1 is rival's, turn 2 the stand-in's.
    rows = dict(TurnAttendance.objects.filter(gladiator="Justbec").values_list("turn", "user"))
    assert rows == {1: rival.pk, 2: stand_in.pk}
    records = {r.username: r for r in reliability_of(campaign=bout.campaign)}
    assert records["rival"] == Reliability(username="rival", ordered=1, missed=0, excused=0)
    assert records["standin"] == Reliability(username="standin", ordered=1, missed=0, excused=0)
    announcement = Post.objects.get(campaign=bout.campaign, is_announcement=True)
    assert announcement.text == "rival's seat (Justbec) is now played by standin."
    assert Notification.objects.filter(user=stand_in).exists()
    entry = AuditEntry.objects.get(action="seat.hand_over")
    assert entry.detail == {
        "gladiators": ["Justbec"],
        "old": ["rival"],
        "to": "standin",
        "orders_dropped": 1,
    }
    client.force_login(rival)
    page = client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    assert 'Justbec <span class="muted">(standin)</span>' in page
    assert f'id="give-orders-{theirs.pk}"' not in page
    orders = client.get(reverse("bout-orders", args=[bout.campaign.slug, bout.pk, theirs.pk]))
    assert orders.status_code in {403, 404}


def test_a_whole_stable_is_handed_over(running, gm, owner, stand_in):
    bout, _, _ = running
    campaign = bout.campaign
    mine = set(
        Gladiator.objects.filter(campaign=campaign, owner=owner).values_list("pk", flat=True)
    )
    seat = seat_hand_over(campaign=campaign, by=gm, to="StandIn", player="owner")
    assert {g.pk for g in seat} == mine
    assert not Gladiator.objects.filter(campaign=campaign, owner=owner).exists()


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"to": "standin"}, "Name one gladiator, or the player"),
        ({"to": "nobody", "player": "owner"}, "nobody is not a member"),
        ({"to": "standin", "player": "nobody"}, "nobody is not a member"),
        ({"to": "owner", "player": "owner"}, "owns that seat already"),
        ({"to": "standin", "player": "standin"}, "no gladiator to hand over"),
    ],
)
def test_a_bad_hand_over_is_refused_in_words(running, gm, stand_in, given, words):
    bout, _, _ = running
    before = list(Gladiator.objects.order_by("pk").values_list("pk", "owner"))
    with pytest.raises(LudusError, match=words):
        seat_hand_over(campaign=bout.campaign, by=gm, **given)
    assert list(Gladiator.objects.order_by("pk").values_list("pk", "owner")) == before
    assert not AuditEntry.objects.filter(action="seat.hand_over").exists()


def test_only_the_gm_hands_over_a_seat_by_page_and_api(client, running, gm, owner, stand_in):
    bout, mine, _ = running
    slug = bout.campaign.slug
    client.force_login(owner)
    answer = client.post(
        reverse("api-seat-hand-over", args=[slug]),
        {"gladiator": mine.gladiator.pk, "to": "standin"},
        content_type="application/json",
    )
    assert answer.status_code == 403
    client.force_login(gm)
    url = reverse("seat-hand-over", args=[slug])
    question = client.get(url, {"gladiator": mine.gladiator.pk, "to": "standin"})
    assert "Hand Kaunisto to standin?" in question.content.decode()
    refused = client.post(url, {"gladiator": mine.gladiator.pk, "to": "nobody"})
    assert refused.status_code == 400
    assert "nobody is not a member" in refused.content.decode()
    done = client.post(url, {"gladiator": mine.gladiator.pk, "to": "standin"})
    assert done.status_code == 302
    answer = client.post(
        reverse("api-seat-hand-over", args=[slug]),
        {"gladiator": mine.gladiator.pk, "to": "owner"},
        content_type="application/json",
    )
    assert answer.status_code == 200
    assert [g["name"] for g in answer.json()] == ["Kaunisto"]
    assert Gladiator.objects.get(pk=mine.gladiator.pk).owner == owner
