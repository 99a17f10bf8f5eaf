"""Members (issue 13, GM tools): invite by user name, remove a member, hand the campaign over;
pages and API."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout
from arena.play.services import order_submit
from campaign.members import campaign_hand_over, member_invite, member_remove
from campaign.models import AuditEntry, Membership
from campaign.notifications.models import Event, Notification
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator
from characters.services import gladiator_adjust

pytestmark = pytest.mark.django_db


def test_the_gm_invites_by_user_name_and_the_user_is_told(campaign, gm, outsider):
    membership = member_invite(campaign=campaign, by=gm, username="OUTSIDER")  # any case
    assert (membership.user, membership.role) == (outsider, Membership.Role.PLAYER)
    note = Notification.objects.get(user=outsider)
    assert note.event.kind == Event.Kind.INVITED
    assert campaign.name in note.event.text and note.event.link.endswith(f"/c/{campaign.slug}/")
    assert AuditEntry.objects.filter(action="member.invite", actor=gm).exists()


@pytest.mark.parametrize(
    ("username", "says"),
    [("nobody-here", "Nobody is called 'nobody-here'"), ("owner", "already a member")],
)
def test_an_unknown_or_present_user_is_refused_in_words(campaign, gm, username, says):
    before = Membership.objects.count()
    with pytest.raises(LudusError, match=says):
        member_invite(campaign=campaign, by=gm, username=username)
    assert Membership.objects.count() == before
    assert not Notification.objects.exists()


def test_only_the_gm_invites(campaign, owner, outsider):
    with pytest.raises(NotAllowed):
        member_invite(campaign=campaign, by=owner, username="outsider")
    assert not campaign.memberships.filter(user=outsider).exists()


def test_a_removed_players_gladiators_pass_to_the_gm_with_their_gold(
    campaign, gm, owner, brutus, nox
):
    gladiator_adjust(gladiator=brutus, currency="gold", amount=250, reason="purse", by=gm)
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() + timedelta(hours=1),
        seed=7,
    )
    moved = member_remove(campaign=campaign, by=gm, username="owner")
    assert moved == 1
    assert not campaign.memberships.filter(user=owner).exists()
    brutus.refresh_from_db()
    assert (brutus.owner, brutus.gold, brutus.status) == (gm, 250, Gladiator.Status.ACTIVE)
    # The scheduled bout still fights, with Brutus in it.
    Bout.objects.filter(pk=bout.pk).update(scheduled_at=timezone.now())
    assert bout_resolve(bout_id=bout.pk).status == Bout.Status.RESOLVED


def test_a_running_turn_by_turn_bout_goes_on_with_the_gm_giving_orders(running, gm, owner):
    bout, mine, _ = running
    member_remove(campaign=bout.campaign, by=gm, username="owner")
    mine.refresh_from_db()
    assert mine.gladiator.owner == gm
    order_submit(entrant=mine, by=gm, order={"move": "D5"}, turn=bout.turn)
    with pytest.raises(NotAllowed):
        order_submit(entrant=mine, by=owner, order={"move": "D5"}, turn=bout.turn)


def test_a_gm_is_not_removed_and_a_stranger_is_not_a_member(campaign, gm, outsider):
    with pytest.raises(LudusError, match="hands the campaign over"):
        member_remove(campaign=campaign, by=gm, username="gm")
    with pytest.raises(LudusError, match="not a member"):
        member_remove(campaign=campaign, by=gm, username="outsider")


def test_the_gm_hands_the_campaign_over_and_becomes_a_player(campaign, gm, owner):
    campaign_hand_over(campaign=campaign, by=gm, username="owner")
    roles = dict(campaign.memberships.values_list("user__username", "role"))
    assert roles["owner"] == "gm" and roles["gm"] == "player"
    with pytest.raises(NotAllowed):  # the old GM has no GM powers left
        member_invite(campaign=campaign, by=gm, username="rival")


def test_a_hand_over_to_a_non_member_or_oneself_is_refused(campaign, gm, outsider):
    with pytest.raises(LudusError, match="not a member"):
        campaign_hand_over(campaign=campaign, by=gm, username="outsider")
    with pytest.raises(LudusError, match="game master already"):
        campaign_hand_over(campaign=campaign, by=gm, username="gm")
    assert campaign.memberships.get(user=gm).role == "gm"


def test_the_settings_page_invites_removes_and_hands_over(campaign, gm, owner, outsider, client_as):
    client = client_as(gm)
    page = client.get(reverse("campaign-settings", args=[campaign.slug]))
    assert page.status_code == 200 and 'id="member-list"' in page.content.decode()
    invited = client.post(reverse("member-invite", args=[campaign.slug]), {"username": "outsider"})
    assert invited.status_code == 302
    assert campaign.memberships.filter(user=outsider).exists()
    wrong = client.post(reverse("member-invite", args=[campaign.slug]), {"username": "ghost"})
    assert wrong.status_code == 400 and "Nobody is called" in wrong.content.decode()
    remove = reverse("member-remove", args=[campaign.slug])
    asked = client.get(remove, {"username": "outsider"})
    assert 'name="username" value="outsider"' in asked.content.decode()
    assert campaign.memberships.filter(user=outsider).exists()  # asking changes nothing
    assert client.post(remove, {"username": "outsider"}).status_code == 302
    assert not campaign.memberships.filter(user=outsider).exists()
    handed = client.post(reverse("campaign-hand-over", args=[campaign.slug]), {"username": "owner"})
    assert handed.status_code == 302
    assert campaign.memberships.get(user=owner).role == "gm"
    assert client.get(reverse("campaign-settings", args=[campaign.slug])).status_code == 403


def test_a_player_cannot_open_the_settings_page(campaign, owner, client_as):
    assert (
        client_as(owner).get(reverse("campaign-settings", args=[campaign.slug])).status_code == 403
    )


def test_the_members_api(campaign, gm, owner, outsider, api_as):
    url = reverse("api-members", args=[campaign.slug])
    listed = api_as(owner).get(url).json()["results"]
    assert {m["username"] for m in listed} == {"gm", "owner", "rival"}
    assert api_as(owner).post(url, {"username": "outsider"}, format="json").status_code == 403
    added = api_as(gm).post(url, {"username": "outsider"}, format="json")
    assert added.status_code == 201 and added.json()["role"] == "player"
    removed = api_as(gm).post(
        reverse("api-member-remove", args=[campaign.slug]), {"username": "outsider"}, format="json"
    )
    assert removed.json() == {"username": "outsider", "gladiators_moved": 0}
    handed = api_as(gm).post(
        reverse("api-campaign-hand-over", args=[campaign.slug]),
        {"username": "rival"},
        format="json",
    )
    assert handed.status_code == 200 and handed.json()["role"] == "gm"
