"""Taking GM content out from the content page: an "are you sure?" first, the GM's alone, and
refused in words (the item stays) while a gladiator is that champion."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.content import content_upload
from campaign.models import CampaignContent
from characters.services import gladiator_create
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def uploaded(elders, gm):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    return {item.key: item for item in CampaignContent.objects.filter(campaign=elders)}


def remove_url(elders, item):
    return reverse("campaign-content-remove", args=[elders.slug, item.pk])


def test_the_gm_is_asked_then_the_item_is_taken_out(elders, gm, uploaded, client_as):
    client = client_as(gm)
    page = client.get(reverse("campaign-content", args=[elders.slug])).content.decode()
    assert remove_url(elders, uploaded["frozen-pond"]) in page
    question = client.get(remove_url(elders, uploaded["frozen-pond"])).content.decode()
    assert "Take The Frozen Pond out of the campaign?" in question
    assert CampaignContent.objects.filter(key="frozen-pond").exists()  # a GET changes nothing
    response = client.post(remove_url(elders, uploaded["frozen-pond"]), follow=True)
    assert "The Frozen Pond was taken out of the campaign." in response.content.decode()
    assert not CampaignContent.objects.filter(key="frozen-pond").exists()


def test_content_in_use_stays_with_the_reason(elders, gm, owner, uploaded, client_as):
    gladiator_create(campaign=elders, by=owner, name="Elsa", kind="frost-maiden")
    champion = uploaded["frost-maiden"]
    response = client_as(gm).post(remove_url(elders, champion), follow=True)
    body = response.content.decode()
    assert "stays:" in body and "Elsa" in body
    assert CampaignContent.objects.filter(pk=champion.pk).exists()


@pytest.mark.parametrize("persona", ["owner", "rival", "outsider"])
def test_nobody_but_the_gm_takes_content_out(request, elders, uploaded, client_as, persona):
    item = uploaded["frozen-pond"]
    client = client_as(request.getfixturevalue(persona))
    assert client.get(remove_url(elders, item)).status_code in {403, 404}
    assert client.post(remove_url(elders, item)).status_code in {403, 404}
    assert CampaignContent.objects.filter(pk=item.pk).exists()
