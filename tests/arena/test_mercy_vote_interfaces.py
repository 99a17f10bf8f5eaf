"""The mercy vote through the API and the bout page: counts while it is open, thumbs for
those who may vote, a refusal in words for the others, the seed still secret."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import Bout

pytestmark = pytest.mark.django_db


def test_the_mercy_vote_api(api_as, paused, owner, gm):
    url = reverse("api-bout-mercy", args=[paused.campaign.slug, paused.pk])
    seen = api_as(gm).get(url).json()
    assert seen["gladiator"] == "Nox" and "players" in seen["refusal"]
    assert api_as(gm).post(url, {"thumbs": "up"}, format="json").status_code == 403
    bad = api_as(owner).post(url, {"thumbs": "sideways"}, format="json")
    assert bad.status_code == 400 and "thumbs" in bad.json().get("field", str(bad.json()))
    done = api_as(owner).post(url, {"thumbs": "down"}, format="json").json()
    assert (done["down"], done["mine"], done["refusal"]) == (1, "down", "")
    detail = api_as(owner).get(reverse("api-bout", args=[paused.campaign.slug, paused.pk]))
    assert detail.json()["status"] == Bout.Status.VERDICT
    assert detail.json()["engine_input"] is None and detail.json()["seed"] is None


def test_the_bout_page_offers_the_thumbs_to_a_voter_only(client_as, paused, owner, rival):
    url = reverse("bout", args=[paused.campaign.slug, paused.pk])
    page = client_as(owner).get(url).content.decode()
    assert "Nox</strong> appeals for mercy" in page and 'id="thumbs-up"' in page
    page = client_as(rival).get(url).content.decode()
    assert 'id="thumbs-up"' not in page and "his own gladiator" in page
    vote = client_as(owner).post(
        reverse("bout-mercy", args=[paused.campaign.slug, paused.pk]), {"thumbs": "up"}
    )
    assert vote.status_code == 302
    assert "your thumb: up" in client_as(owner).get(url).content.decode()
