from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Campaign
from campaign.selectors import campaign_role

pytestmark = pytest.mark.django_db


def test_signup_logs_the_new_user_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "spartacus", "password1": "thr4cian-rebel!", "password2": "thr4cian-rebel!"},
        follow=True,
    )
    assert response.context["user"].username == "spartacus"


def test_signup_with_mismatched_passwords_says_so(client, django_user_model):
    response = client.post(
        reverse("signup"),
        {"username": "spartacus", "password1": "thr4cian-rebel!", "password2": "other-pass-99"},
    )
    assert response.status_code == 400  # the form again, with the reason
    assert "password fields didn" in response.content.decode()
    assert not django_user_model.objects.filter(username="spartacus").exists()


def test_creating_a_campaign_makes_you_its_gm(client_as, gm):
    response = client_as(gm).post(
        reverse("campaign-new"),
        {"name": "Pompeii", "ruleset": "gladiatorquest", "visibility": "private"},
    )
    campaign = Campaign.objects.get(name="Pompeii")
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign", args=[campaign.slug])
    assert campaign_role(campaign=campaign, user=gm) == "gm"


def test_campaign_form_refuses_an_unknown_rule_set(client_as, gm):
    response = client_as(gm).post(
        reverse("campaign-new"), {"name": "X", "ruleset": "chess", "visibility": "private"}
    )
    assert response.status_code == 400
    assert "chess is not one of the available choices" in response.content.decode()
    assert not Campaign.objects.exists()


def test_creating_a_campaign_needs_a_login(client):
    response = client.get(reverse("campaign-new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("persona", ["outsider", "anonymous"])
@pytest.mark.parametrize(
    "url_name", ["campaign", "bout-history", "gladiator-new", "bout-new", "invite-reset"]
)
def test_a_private_campaign_does_not_exist_for_outsiders(
    client_as, request, campaign, persona, url_name
):
    user = request.getfixturevalue(persona) if persona != "anonymous" else None
    client = client_as(user)
    response = client.get(reverse(url_name, args=[campaign.slug]))
    if user is None and url_name in {"gladiator-new", "bout-new", "invite-reset"}:
        assert response.status_code in {302, 405}  # asked to log in first; learns nothing
    else:
        assert response.status_code in {404, 405}
        assert campaign.name not in response.content.decode()


def test_a_private_campaign_page_is_404_for_an_outsider(client_as, campaign, outsider):
    assert client_as(outsider).get(reverse("campaign", args=[campaign.slug])).status_code == 404


@pytest.mark.parametrize("persona", ["gm", "owner", "rival"])
def test_members_see_their_private_campaign(client_as, request, campaign, persona):
    response = client_as(request.getfixturevalue(persona)).get(
        reverse("campaign", args=[campaign.slug])
    )
    assert response.status_code == 200
    assert campaign.name in response.content.decode()


def test_only_the_gm_sees_the_invite_code(client_as, campaign, gm, owner):
    assert (
        campaign.invite_code
        in client_as(gm).get(reverse("campaign", args=[campaign.slug])).content.decode()
    )
    assert (
        campaign.invite_code
        not in client_as(owner).get(reverse("campaign", args=[campaign.slug])).content.decode()
    )


def test_a_public_campaign_is_readable_by_anyone(client, public_campaign):
    response = client.get(reverse("campaign", args=[public_campaign.slug]))
    assert response.status_code == 200
    assert public_campaign.name in response.content.decode()


def test_a_player_cannot_schedule_a_bout(client_as, campaign, owner):
    response = client_as(owner).get(reverse("bout-new", args=[campaign.slug]))
    assert response.status_code == 403
    assert "game master" in response.content.decode()


def test_joining_by_link(client_as, campaign, outsider):
    client = client_as(outsider)
    page = client.get(reverse("join-code", args=[campaign.invite_code]))
    assert campaign.name in page.content.decode()
    response = client.post(reverse("join"), {"code": campaign.invite_code})
    assert response.status_code == 302
    assert campaign_role(campaign=campaign, user=outsider) == "player"


def test_joining_with_a_wrong_code_says_so(client_as, campaign, outsider):
    response = client_as(outsider).post(reverse("join"), {"code": "nope"})
    assert "No campaign has that invite code." in response.content.decode()
    assert campaign_role(campaign=campaign, user=outsider) is None


def test_a_non_member_cannot_add_a_gladiator_to_a_public_campaign(
    client_as, public_campaign, outsider
):
    response = client_as(outsider).post(
        reverse("gladiator-new", args=[public_campaign.slug]), {"name": "X", "kind": "barbarian"}
    )
    assert response.status_code == 403
    assert not public_campaign.gladiators.exists()


def test_the_pages_carry_a_content_security_policy(client):
    response = client.get(reverse("dashboard"))
    assert "script-src 'self' 'nonce-" in response["Content-Security-Policy"]
    assert "htmx" in response.content.decode()
