"""GM content (campaign/content.py): an Arena of the Elders GM uploads champions and arenas as
JSON, checked by the rule set with problems in words; the campaign's gladiators and bouts use
them, and a bout fought with them replays and verifies from its stored input."""

from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from arena.bouts.services import bout_resolve, bout_schedule, verification_request, verification_run
from arena.models import Bout, BoutVerification
from campaign.content import ContentRefused, content_documents, content_upload
from campaign.models import AuditEntry, CampaignContent
from campaign.services import campaign_create, campaign_join
from campaign.shared.errors import LudusError, NotAllowed
from characters.services import gladiator_create
from tests.conftest import PASSWORD
from tests.engine.arena_of_the_elders.test_gm_content import EXAMPLE, EXAMPLE_FILE

pytestmark = pytest.mark.django_db


def bad_example() -> dict:
    doc = copy.deepcopy(EXAMPLE)
    doc["champions"][0]["abilities"][0]["effects"] = ["frost"]
    doc["arenas"][0]["start"] = []
    return doc


def test_the_gm_uploads_the_example_file_and_the_campaign_holds_it(elders, gm, client_as):
    url = reverse("campaign-content", args=[elders.slug])
    upload = SimpleUploadedFile("content.json", EXAMPLE_FILE.read_bytes(), "application/json")
    response = client_as(gm).post(url, {"document": upload})
    assert response.status_code == 302
    assert content_documents(elders) == EXAMPLE
    page = client_as(gm).get(url).content.decode()
    assert "frost-maiden" in page and "The Frozen Pond" in page
    assert AuditEntry.objects.filter(campaign=elders, action="campaign.content").exists()
    detail = client_as(gm).get(reverse("campaign", args=[elders.slug])).content.decode()
    assert url in detail


def test_bad_content_is_refused_in_words_and_nothing_is_stored(elders, gm, client_as):
    url = reverse("campaign-content", args=[elders.slug])
    response = client_as(gm).post(url, {"text": json.dumps(bad_example())})
    body = response.content.decode()
    assert response.status_code == 400
    assert "champions[0].abilities[0].effects: unknown effect &#x27;frost&#x27;" in body
    assert "arenas[0].start: a map needs Red&#x27;s start zone" in body
    assert not CampaignContent.objects.filter(campaign=elders).exists()
    response = client_as(gm).post(url, {"text": "{not json"})
    assert response.status_code == 400 and "The document is not JSON" in response.content.decode()
    response = client_as(gm).post(url, {})
    assert response.status_code == 400 and "Choose a JSON file" in response.content.decode()


def test_a_key_is_added_once(elders, gm):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    with pytest.raises(ContentRefused) as refused:
        content_upload(campaign=elders, by=gm, document={"arenas": EXAMPLE["arenas"]})
    assert refused.value.problems == ["arenas[0].key: 'frozen-pond' is already in this campaign"]
    assert CampaignContent.objects.filter(campaign=elders).count() == 2


def test_only_the_gm_adds_content(elders, owner, outsider, client_as):
    with pytest.raises(NotAllowed):
        content_upload(campaign=elders, by=owner, document=EXAMPLE)
    url = reverse("campaign-content", args=[elders.slug])
    assert client_as(owner).post(url, {"text": json.dumps(EXAMPLE)}).status_code == 403
    assert client_as(outsider).get(url).status_code in {403, 404}
    assert not CampaignContent.objects.exists()


def test_a_rule_set_without_content_kinds_takes_none(campaign, gm):
    with pytest.raises(LudusError, match="takes no GM content"):
        content_upload(campaign=campaign, by=gm, document=EXAMPLE)


def test_a_gm_champion_fights_on_a_gm_arena_and_the_bout_verifies(elders, gm, owner, rival):
    rex = gladiator_create(campaign=elders, by=rival, name="Rex", kind="vorn")
    content_upload(campaign=elders, by=gm, document=EXAMPLE)  # the same campaign object
    elsa = gladiator_create(campaign=elders, by=owner, name="Elsa", kind="frost-maiden")
    assert elsa.build == {"unlocked": ["frost-armour"], "choice": "frost-armour"}
    bout = bout_schedule(
        campaign=elders,
        by=gm,
        gladiators=[elsa, rex],
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=11,
        options={"arena": "frozen-pond"},
    )
    bout = bout_resolve(bout_id=bout.pk)
    assert bout.status == Bout.Status.RESOLVED, bout.failure
    assert bout.engine_input["content"] == EXAMPLE  # what it used, for the replay
    verification = verification_run(verification_id=verification_request(bout=bout, by=rival).pk)
    assert verification.outcome == BoutVerification.Outcome.MATCH, verification.checks


def test_another_campaign_does_not_see_the_content(elders, campaign, gm, owner):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    other = campaign_create(by=gm, name="Elders of Capua", ruleset="arena-of-the-elders")
    campaign_join(campaign=other, user=owner, code=other.invite_code)
    with pytest.raises(LudusError, match="not a gladiator type"):
        gladiator_create(campaign=other, by=owner, name="Elsa", kind="frost-maiden")


def test_the_new_gladiator_page_and_the_bout_form_offer_the_gm_content(
    elders, gm, owner, client_as
):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    page = client_as(owner).get(reverse("gladiator-new", args=[elders.slug])).content.decode()
    assert 'value="frost-maiden"' in page
    page = client_as(gm).get(reverse("bout-new", args=[elders.slug])).content.decode()
    assert 'value="frozen-pond"' in page


def test_staff_add_content_in_the_admin_checked_by_the_rule_set(client, django_user_model, elders):
    staff = django_user_model.objects.create_superuser("root", password=PASSWORD)
    client.force_login(staff)
    url = reverse("admin:campaign_campaigncontent_add")
    assert client.get(url).status_code == 200
    bad = {"campaign": elders.pk, "kind": "arenas", "key": "frozen-pond",
           "data": json.dumps(bad_example()["arenas"][0])}  # fmt: skip
    response = client.post(url, bad)
    assert response.status_code == 200 and "a map needs Red" in response.content.decode()
    good = {**bad, "data": json.dumps(EXAMPLE["arenas"][0])}
    assert client.post(url, good).status_code == 302
    assert content_documents(elders) == {"arenas": EXAMPLE["arenas"]}


def test_the_api_creates_a_gladiator_of_a_gm_champion_and_refuses_an_unknown_one(
    elders, gm, owner, api_as
):
    content_upload(campaign=elders, by=gm, document=EXAMPLE)
    url = reverse("api-gladiators", args=[elders.slug])
    made = api_as(owner).post(url, {"name": "Elsa", "kind": "frost-maiden"}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["kind"] == "frost-maiden"
    refused = api_as(owner).post(url, {"name": "Olaf", "kind": "snowman"}, format="json")
    assert refused.status_code == 400
    assert "frost-maiden" in refused.json()["kind"][0]  # the types there are, in words
