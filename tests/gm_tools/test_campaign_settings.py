"""The campaign (issue 13, GM tools): edit its name and description, duplicate names refused
in words, archive it (read-only, still browsable, refused with words on pages and API, the
worker fights nothing of it)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bouts_sweep_due
from arena.models import Bout
from campaign.archive import campaign_archive, campaign_unarchive
from campaign.models import Campaign
from campaign.services import campaign_create, campaign_join, campaign_update
from campaign.shared.errors import LudusError, NotAllowed
from characters.models import Gladiator

pytestmark = pytest.mark.django_db


def test_the_gm_renames_the_campaign_and_its_address_stays(campaign, gm):
    slug = campaign.slug
    campaign_update(campaign=campaign, by=gm, name="Ludus Maximus", description="Rome, 80 AD")
    campaign.refresh_from_db()
    assert (campaign.name, campaign.description, campaign.slug) == (
        "Ludus Maximus",
        "Rome, 80 AD",
        slug,
    )


def test_a_player_cannot_rename_the_campaign(campaign, owner):
    with pytest.raises(NotAllowed):
        campaign_update(campaign=campaign, by=owner, name="Mine now")
    campaign.refresh_from_db()
    assert campaign.name == "Ludus Magnus"


def test_a_duplicate_name_gets_a_clear_message(campaign, gm, public_campaign):
    with pytest.raises(LudusError, match="A campaign named 'ludus magnus' already exists"):
        campaign_create(by=gm, name="ludus magnus", ruleset="gladiatorquest")
    with pytest.raises(LudusError, match="already exists"):
        campaign_update(campaign=campaign, by=gm, name="Open Games")
    assert Campaign.objects.filter(name__iexact="ludus magnus").count() == 1


def test_another_gms_private_campaign_does_not_block_a_name(campaign, outsider):
    """Refusing it would tell the outsider that a private campaign of that name exists."""
    mine = campaign_create(by=outsider, name="Ludus Magnus", ruleset="gladiatorquest")
    assert mine.slug != campaign.slug


def test_the_new_campaign_form_and_the_api_say_the_name_is_taken(campaign, gm, client_as, api_as):
    form = client_as(gm).post(
        reverse("campaign-new"),
        {"name": "Ludus Magnus", "ruleset": "gladiatorquest", "visibility": "private"},
    )
    assert form.status_code == 400 and "already exists" in form.content.decode()
    api = api_as(gm).patch(
        reverse("api-campaign", args=[campaign.slug]), {"name": "  "}, format="json"
    )
    assert api.status_code == 400
    renamed = api_as(gm).patch(
        reverse("api-campaign", args=[campaign.slug]), {"description": "New"}, format="json"
    )
    assert renamed.status_code == 200 and renamed.json()["description"] == "New"
    assert renamed.json()["name"] == "Ludus Magnus"


def test_the_settings_form_saves_and_refuses_in_words(campaign, gm, public_campaign, client_as):
    url = reverse("campaign-settings", args=[campaign.slug])
    taken = client_as(gm).post(url, {"name": "Open Games", "description": ""})
    assert taken.status_code == 400 and "already exists" in taken.content.decode()
    saved = client_as(gm).post(url, {"name": "Ludus Novus", "description": "Spring"})
    assert saved.status_code == 302
    campaign.refresh_from_db()
    assert campaign.name == "Ludus Novus"


# --- archiving ----------------------------------------------------------------------------


def test_archiving_calls_off_undecided_bouts_and_the_worker_fights_nothing(campaign, gm, due_bout):
    campaign_archive(campaign=campaign, by=gm)
    due_bout.refresh_from_db()
    assert due_bout.status == Bout.Status.CANCELLED
    # A bout that slipped in (a request racing the archive) is not fought by the worker.
    Bout.objects.filter(pk=due_bout.pk).update(status=Bout.Status.SCHEDULED)
    assert bout_resolve(bout_id=due_bout.pk) is None
    assert bouts_sweep_due(now=timezone.now() + timedelta(minutes=1)) == {
        "enqueued": 0,
        "resolved": 0,
    }


def test_archiving_twice_is_once_and_only_the_gm_archives(campaign, gm, owner):
    with pytest.raises(NotAllowed):
        campaign_archive(campaign=campaign, by=owner)
    first = campaign_archive(campaign=campaign, by=gm).archived_at
    assert campaign_archive(campaign=campaign, by=gm).archived_at == first
    assert campaign.audit.filter(action="campaign.archive").count() == 1
    campaign_unarchive(campaign=campaign, by=gm)
    campaign.refresh_from_db()
    assert campaign.archived_at is None


def test_an_archived_campaign_is_browsable_with_a_banner(campaign, gm, owner, brutus, client_as):
    campaign_archive(campaign=campaign, by=gm)
    for url in (
        reverse("campaign", args=[campaign.slug]),
        reverse("gladiator", args=[campaign.slug, brutus.pk]),
        reverse("standings", args=[campaign.slug]),
    ):
        page = client_as(owner).get(url)
        assert page.status_code == 200
        assert 'id="archived-banner"' in page.content.decode()


def test_an_archived_campaign_refuses_every_change_in_words(
    campaign, gm, owner, brutus, client_as, api_as
):
    campaign_archive(campaign=campaign, by=gm)
    retire = client_as(owner).post(reverse("gladiator-retire", args=[campaign.slug, brutus.pk]))
    assert retire.status_code == 400 and "is archived" in retire.content.decode()
    schedule = api_as(gm).post(
        reverse("api-bouts", args=[campaign.slug]),
        {"fight_now": True, "gladiators": [brutus.pk, brutus.pk]},
        format="json",
    )
    assert schedule.status_code == 400 and "is archived" in str(schedule.json())
    renamed = api_as(gm).patch(
        reverse("api-campaign", args=[campaign.slug]), {"name": "Changed"}, format="json"
    )
    assert renamed.status_code == 400
    brutus.refresh_from_db()
    campaign.refresh_from_db()
    assert brutus.status == Gladiator.Status.ACTIVE and campaign.name == "Ludus Magnus"
    # Bringing it back is the one change it takes.
    back = api_as(gm).delete(reverse("api-campaign-archive", args=[campaign.slug]))
    assert back.status_code == 200 and back.json()["archived_at"] is None


def test_an_archived_campaign_takes_no_new_members(campaign, gm, outsider, client_as):
    campaign_archive(campaign=campaign, by=gm)
    joined = client_as(outsider).post(reverse("join"), {"code": campaign.invite_code})
    assert joined.status_code == 400 and "takes no new members" in joined.content.decode()
    with pytest.raises(LudusError):
        campaign_join(campaign=campaign, user=outsider, code=campaign.invite_code)


def test_an_archived_private_campaign_is_still_404_for_outsiders(campaign, gm, outsider, api_as):
    campaign_archive(campaign=campaign, by=gm)
    response = api_as(outsider).post(
        reverse("api-gladiators", args=[campaign.slug]), {"name": "X"}, format="json"
    )
    assert response.status_code == 404
    assert campaign.name.encode() not in response.content


def test_the_archive_page_asks_first(campaign, gm, client_as):
    url = reverse("campaign-archive", args=[campaign.slug])
    asked = client_as(gm).get(url)
    assert asked.status_code == 200 and f'action="{url}"' in asked.content.decode()
    campaign.refresh_from_db()
    assert campaign.archived_at is None
    assert client_as(gm).post(url).status_code == 302
    campaign.refresh_from_db()
    assert campaign.archived_at is not None
