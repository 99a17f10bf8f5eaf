"""Joining reveals nothing: to an outsider a private campaign answers a wrong code exactly as
an address where there is no campaign, whatever the code (docs/security.md, "Private
campaigns"). And an invite link that no longer works is a page in words, never a 500."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from campaign.models import Membership
from campaign.services import campaign_invite_reset

pytestmark = pytest.mark.django_db

# Every kind of wrong code: ASCII, non-ASCII (compare_digest refused those as str), blank,
# invisible, bidi, long, not a string at all, and the code of another campaign.
WRONG_CODES = [
    "guess", "é", "ß" * 12, "", "   ", "\u200b", "Sp\u202eartacus", "x" * 33, "x" * 10_000,
    "😀", 0, 2**63, None, [], {}, ["é"],
]  # fmt: skip


def join_api(client, slug: str, body) -> tuple[int, bytes]:
    response = client.post(
        reverse("api-campaign-join", args=[slug]),
        json.dumps(body),
        content_type="application/json",
    )
    return response.status_code, response.content


@pytest.mark.parametrize("code", WRONG_CODES, ids=repr)
def test_a_private_campaign_answers_a_wrong_code_as_no_campaign_at_all(
    code, campaign, public_campaign, outsider, api_as
):
    client = api_as(outsider)
    private = join_api(client, campaign.slug, {"code": code})
    unknown = join_api(client, "no-such-campaign", {"code": code})
    assert private == unknown, (private, unknown)
    assert private[0] in (400, 404)
    assert campaign.name.encode() not in private[1]
    assert not Membership.objects.filter(user=outsider).exists()


@pytest.mark.parametrize("code", WRONG_CODES, ids=repr)
def test_a_public_campaign_refuses_a_wrong_code_in_words(code, public_campaign, outsider, api_as):
    status, body = join_api(api_as(outsider), public_campaign.slug, {"code": code})
    assert status == 400
    assert any(len(text.split()) >= 3 for texts in json.loads(body).values() for text in texts)
    assert not Membership.objects.filter(user=outsider).exists()


@pytest.mark.parametrize("body", [[], "é", 1, None, {"code": "é", "extra": [[[]]]}], ids=repr)
def test_a_body_of_the_wrong_shape_gets_one_answer_too(body, campaign, outsider, api_as):
    client = api_as(outsider)
    assert join_api(client, campaign.slug, body) == join_api(client, "no-such-campaign", body)


def test_the_right_code_joins_a_private_campaign(campaign, outsider, api_as):
    status, _ = join_api(api_as(outsider), campaign.slug, {"code": f" {campaign.invite_code} "})
    assert status == 200
    assert Membership.objects.filter(user=outsider, campaign=campaign).exists()


@pytest.mark.parametrize(
    "code", ["retired", "é", "x" * 200, "😀", "..", "a b", "%25", "\u202e"], ids=repr
)
def test_an_old_or_wrong_invite_link_is_a_page_in_words(code, campaign, gm, outsider, client_as):
    """GET /join/<code>/ for a code no campaign has (the GM issued a new one, or a typo)."""
    if code == "retired":
        code = campaign.invite_code
        campaign_invite_reset(campaign=campaign, by=gm)
    response = client_as(outsider).get(f"/join/{code}/")
    assert response.status_code == 404
    assert b"does not work" in response.content
    assert campaign.name.encode() not in response.content


def test_a_working_invite_link_shows_the_campaign(campaign, outsider, client_as):
    response = client_as(outsider).get(reverse("join-code", args=[campaign.invite_code]))
    assert response.status_code == 200
    assert campaign.name.encode() in response.content
