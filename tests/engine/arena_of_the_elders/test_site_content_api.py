"""The GM content of a campaign in the API: list, upload (checked by the rule set, refused in
words with nothing stored) and delete (refused while something uses the item); the GM's
alone, and read-only in an archived campaign."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from arena.play.services import bout_open
from campaign.archive import campaign_archive
from campaign.content import content_upload
from campaign.models import AuditEntry, CampaignContent
from characters.catalogue import gladiator_kinds
from characters.services import gladiator_create
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE

pytestmark = pytest.mark.django_db


def listing(elders):
    return reverse("api-content", args=[elders.slug])


def item_url(elders, item):
    return reverse("api-content-delete", args=[elders.slug, item.pk])


def test_the_gm_uploads_lists_and_deletes_content(elders, gm, api_as):
    api = api_as(gm)
    response = api.post(listing(elders), {"document": EXAMPLE}, format="json")
    assert response.status_code == 201, response.content
    added = response.json()["added"]
    assert [(a["kind"], a["key"]) for a in added] == [
        ("champions", "frost-maiden"), ("arenas", "frozen-pond"),
    ]  # fmt: skip
    assert "frost-maiden" in dict(gladiator_kinds(elders.ruleset, campaign=elders))
    page = api.get(listing(elders)).json()
    assert page["count"] == 2
    arena = next(r for r in page["results"] if r["kind"] == "arenas")
    assert arena["data"] == EXAMPLE["arenas"][0] and arena["name"] == "The Frozen Pond"
    item = CampaignContent.objects.get(kind="arenas")
    assert api.delete(item_url(elders, item)).status_code == 204
    assert list(CampaignContent.objects.values_list("key", flat=True)) == ["frost-maiden"]
    assert AuditEntry.objects.filter(action="campaign.content_delete").exists()
    assert api.delete(item_url(elders, item)).status_code == 404


def test_a_bad_document_is_refused_in_words_and_nothing_is_stored(elders, gm, api_as):
    bad = copy.deepcopy(EXAMPLE)
    bad["champions"][0]["abilities"][0]["effects"] = ["frost"]
    bad["arenas"][0]["start"] = []
    response = api_as(gm).post(listing(elders), {"document": bad}, format="json")
    assert response.status_code == 400
    message = response.json()["document"][0]
    assert "champions[0].abilities[0].effects: unknown effect 'frost'" in message
    assert "arenas[0].start: a map needs Red's start zone" in message
    for document in ([1, 2], {"spells": []}, "text", {}):
        response = api_as(gm).post(listing(elders), {"document": document}, format="json")
        assert response.status_code == 400, document
        assert response.json()["document"], document
    assert api_as(gm).post(listing(elders), {}, format="json").status_code == 400
    assert not CampaignContent.objects.exists()


def test_only_the_gm_sees_or_changes_content(elders, gm, owner, outsider, api_as):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    item = CampaignContent.objects.get(kind="arenas")
    for who, status in ((owner, 403), (outsider, 404)):
        assert api_as(who).get(listing(elders)).status_code == status
        posted = api_as(who).post(listing(elders), {"document": EXAMPLE}, format="json")
        assert posted.status_code == status
        assert api_as(who).delete(item_url(elders, item)).status_code == status
    assert api_as(None).get(listing(elders)).status_code in (401, 403)
    assert CampaignContent.objects.count() == 2


def test_content_in_use_is_not_deleted(elders, gm, owner, api_as):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    champion = CampaignContent.objects.get(kind="champions")
    arena = CampaignContent.objects.get(kind="arenas")
    gladiator_create(campaign=elders, by=owner, name="Skadi", kind="frost-maiden")
    bout_open(campaign=elders, by=gm, title="On the ice", options={"arena": "frozen-pond"})
    for item, why in ((champion, "the gladiator Skadi is one"),
                      (arena, "the bout On the ice is set in it")):  # fmt: skip
        response = api_as(gm).delete(item_url(elders, item))
        assert response.status_code == 400
        assert why in response.json()["id"][0]
    assert CampaignContent.objects.count() == 2


def test_an_archived_campaigns_content_is_read_only(elders, gm, api_as):
    content_upload(campaign=elders, by=gm, document={"arenas": EXAMPLE["arenas"]})
    item = CampaignContent.objects.get()
    campaign_archive(campaign=elders, by=gm)
    api = api_as(gm)
    assert api.get(listing(elders)).json()["count"] == 1
    posted = api.post(listing(elders), {"document": {"champions": EXAMPLE["champions"]}},
                      format="json")  # fmt: skip
    assert posted.status_code == 400 and "archived" in posted.content.decode()
    deleted = api.delete(item_url(elders, item))
    assert deleted.status_code == 400 and "archived" in deleted.content.decode()
    assert CampaignContent.objects.count() == 1


def test_a_rule_set_without_content_says_so(campaign, gm, api_as):
    url = reverse("api-content", args=[campaign.slug])
    response = api_as(gm).post(url, {"document": EXAMPLE}, format="json")
    assert response.status_code == 400
    assert "takes no GM content" in response.json()["document"][0]
    assert api_as(gm).get(url).json()["count"] == 0
