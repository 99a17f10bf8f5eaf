"""Limits on abuse that a real user never meets: the token throttle, how much one user may
create; and the GM's admin does not show a bout's seed before the fight. The sign-in lockout
is tested in test_sign_in_lockout.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule
from arena.models import Bout
from campaign.models import Campaign
from campaign.services import campaign_create
from campaign.shared.errors import LudusError
from characters.models import Gladiator
from characters.services import gladiator_create, gladiator_retire
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


# --- the token endpoint ------------------------------------------------------------------


def token(client, username: str, password: str, ip: str = "10.0.0.1"):
    return client.post(
        reverse("api-token"),
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=ip,
    )


def test_the_token_endpoint_is_throttled_per_address(owner, api_as):
    client = api_as(None)
    # A name for each try, so that the lockout of a name (test_sign_in_lockout.py) stays out.
    answers = [token(client, f"owner{n}", "wrong", ip="10.0.0.1").status_code for n in range(12)]
    assert answers[:10] == [400] * 10
    assert answers[10:] == [429, 429]
    refused = token(client, "owner", PASSWORD, ip="10.0.0.1")
    assert refused.status_code == 429 and "throttled" in refused.json()["detail"]
    assert token(client, "owner", PASSWORD, ip="10.0.0.2").status_code == 200  # another address


def test_the_join_api_is_throttled_per_user(campaign, outsider, api_as):
    client = api_as(outsider)
    url = reverse("api-campaign-join", args=[campaign.slug])
    answers = {client.post(url, {"code": "guess"}, format="json").status_code for _ in range(30)}
    assert answers == {404}
    assert client.post(url, {"code": campaign.invite_code}, format="json").status_code == 429


# --- how much one user may create -----------------------------------------------------------


def test_a_user_creates_at_most_ten_campaigns_a_day(gm, client_as, api_as):
    for n in range(10):
        campaign_create(by=gm, name=f"Campaign {n}", ruleset="gladiatorquest")
    with pytest.raises(LudusError, match="10 campaigns in the last 24 hours"):
        campaign_create(by=gm, name="One too many", ruleset="gladiatorquest")
    page = client_as(gm).post(
        reverse("campaign-new"),
        {"name": "Page", "ruleset": "gladiatorquest", "visibility": "private"},
    )
    api = api_as(gm).post(
        reverse("api-campaigns"), {"name": "Api", "ruleset": "gladiatorquest"}, format="json"
    )
    assert page.status_code == api.status_code == 400
    assert b"24 hours" in page.content and "24 hours" in api.json()["non_field_errors"][0]
    Campaign.objects.update(created_at=timezone.now() - timedelta(days=2))
    campaign_create(by=gm, name="Next day", ruleset="gladiatorquest")


def test_a_user_creates_at_most_fifty_campaigns_in_all(gm):
    Campaign.objects.bulk_create(
        Campaign(name=f"Old {n}", slug=f"old-{n}", ruleset="gladiatorquest", created_by=gm,
                 invite_code=f"code-{n}")
        for n in range(50)
    )  # fmt: skip
    with pytest.raises(LudusError, match="50 campaigns, the most"):
        campaign_create(by=gm, name="Fifty-first", ruleset="gladiatorquest")


def test_a_player_creates_at_most_fifty_gladiators_a_day_in_a_campaign(campaign, owner, rival):
    for n in range(50):
        gladiator_create(campaign=campaign, by=owner, name=f"G{n}", kind="elf")
    with pytest.raises(LudusError, match="50 gladiators in this campaign in the last 24 hours"):
        gladiator_create(campaign=campaign, by=owner, name="Late", kind="elf")
    gladiator_create(campaign=campaign, by=rival, name="Rival's own", kind="elf")  # per user


def test_a_stable_holds_at_most_two_hundred_active_gladiators(campaign, owner):
    Gladiator.objects.bulk_create(
        Gladiator(campaign=campaign, owner=owner, name=f"Old {n}", kind="elf",
                  created_at=timezone.now() - timedelta(days=3))
        for n in range(200)
    )  # fmt: skip
    Gladiator.objects.filter(campaign=campaign).update(
        created_at=timezone.now() - timedelta(days=3)
    )
    with pytest.raises(LudusError, match="200 active gladiators"):
        gladiator_create(campaign=campaign, by=owner, name="New", kind="elf")
    gladiator_retire(gladiator=Gladiator.objects.filter(owner=owner).first(), by=owner)
    gladiator_create(campaign=campaign, by=owner, name="New", kind="elf")


# --- the admin and a bout's seed ------------------------------------------------------------


@pytest.fixture
def superuser_gm(gm):
    get_user_model().objects.filter(pk=gm.pk).update(is_staff=True, is_superuser=True)
    gm.refresh_from_db()
    return gm


def admin_page(client, bout: Bout) -> str:
    response = client.get(reverse("admin:arena_bout_change", args=[bout.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_admin_hides_the_seed_until_the_bout_is_fought(
    campaign, superuser_gm, brutus, nox, client_as
):
    bout = bout_schedule(
        campaign=campaign,
        by=superuser_gm,
        gladiators=[brutus, nox],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=987654321,
    )
    client = client_as(superuser_gm)
    page = admin_page(client, bout)
    assert "987654321" not in page and 'name="seed"' not in page
    # A change posted with a seed does not set it either.
    client.post(
        reverse("admin:arena_bout_change", args=[bout.pk]),
        {"seed": "1", "title": "x", "_continue": "1"},
    )
    bout.refresh_from_db()
    assert bout.seed == 987654321
    bout_resolve(bout_id=bout.pk)
    assert "987654321" in admin_page(client, bout)  # fought: shown, and read-only
    assert 'name="seed"' not in admin_page(client, bout)


def test_the_admin_hides_a_turn_by_turn_bouts_input_while_it_runs(running, superuser_gm, client_as):
    bout, _, _ = running
    page = admin_page(client_as(superuser_gm), bout)
    assert 'name="engine_input"' not in page and '"seed"' not in page
    # Its stored state holds the dice's generator state: the next rolls, as good as the seed.
    assert 'name="state"' not in page and '"rng"' not in page
