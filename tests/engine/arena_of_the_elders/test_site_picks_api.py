"""The pick phase in the API: the same draft, turn order and refusals as the pick page
(test_site_picks.py), read by anyone who sees the bout."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.models import Bout
from arena.play.services import bout_enter, bout_open, bout_start
from campaign.archive import campaign_archive
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafting(elders, gm, owner, rival):
    """Owner's Ignis for Red, rival's Vorn for Blue, in a bout that uses picks."""
    bout = bout_open(campaign=elders, by=gm, title="Draft", options={"picks": True})
    for player, name, kind, team in ((owner, "Pyrrhus", "ignis", "Red"),
                                     (rival, "Ferox", "vorn", "Blue")):  # fmt: skip
        gladiator = gladiator_create(campaign=elders, by=player, name=name, kind=kind)
        bout_enter(bout=bout, gladiator=gladiator, by=player, team=team)
    return bout


def url(bout):
    return reverse("api-bout-picks", args=[bout.campaign.slug, bout.pk])


def test_the_teams_pick_in_turn_through_the_api(drafting, owner, rival, api_as):
    state = api_as(owner).get(url(drafting)).json()
    assert state["uses_picks"] and state["open"] and state["next"] == "Red"
    assert state["may_pick"] is True
    assert state["teams"] == [
        {"team": "Red", "members": ["Pyrrhus (Ignis)"]},
        {"team": "Blue", "members": ["Ferox (Vorn)"]},
    ]
    free = {c["key"] for c in state["free"]}
    assert "mira" in free and not {"ignis", "vorn"} & free
    assert api_as(rival).get(url(drafting)).json()["may_pick"] is False

    after = api_as(owner).post(url(drafting), {"champion": "mira"}, format="json")
    assert after.status_code == 200, after.content
    assert after.json()["next"] == "Blue" and after.json()["may_pick"] is False
    out_of_turn = api_as(owner).post(url(drafting), {"champion": "nyx"}, format="json")
    assert out_of_turn.status_code == 403 and "Blue's pick" in out_of_turn.json()["detail"]
    taken = api_as(rival).post(url(drafting), {"champion": "mira"}, format="json")
    assert taken.status_code == 400 and "cannot be picked" in taken.json()["champion"][0]
    assert api_as(rival).post(url(drafting), {"champion": "nyx"}, format="json").status_code == 200
    assert Bout.objects.get(pk=drafting.pk).picks == [["Red", "mira"], ["Blue", "nyx"]]


def test_outsiders_and_strangers_neither_read_nor_pick(drafting, outsider, api_as):
    assert api_as(outsider).get(url(drafting)).status_code == 404  # a private campaign
    assert (
        api_as(outsider).post(url(drafting), {"champion": "mira"}, format="json").status_code == 404
    )
    assert api_as(None).get(url(drafting)).status_code in (401, 403)
    assert Bout.objects.get(pk=drafting.pk).picks == []


def test_the_gm_picks_for_a_team_away_and_no_pick_after_the_start(drafting, gm, api_as):
    api = api_as(gm)
    assert api.get(url(drafting)).json()["may_pick"] is True
    assert api.post(url(drafting), {"champion": "ossa"}, format="json").status_code == 200
    bout_start(bout=drafting, by=gm)
    state = api.get(url(drafting)).json()
    assert state["open"] is False and state["free"] == [] and state["may_pick"] is False
    late = api.post(url(drafting), {"champion": "nyx"}, format="json")
    assert late.status_code == 400 and "the bout has started" in late.json()["non_field_errors"][0]


def test_bad_input_and_a_bout_without_picks(drafting, elders, gm, owner, api_as):
    for body in ({}, {"champion": ""}, {"champion": 7}, {"champion": "x" * 500}, []):
        response = api_as(owner).post(url(drafting), body, format="json")
        assert response.status_code == 400, body
    plain = bout_open(campaign=elders, by=gm, title="Plain")
    state = api_as(owner).get(url(plain)).json()
    assert state == {"uses_picks": False, "open": False, "next": "", "teams": [], "free": [],
                     "may_pick": False}  # fmt: skip
    refused = api_as(gm).post(url(plain), {"champion": "nyx"}, format="json")
    assert refused.status_code == 400 and "no pick phase" in refused.json()["non_field_errors"][0]
    assert Bout.objects.get(pk=drafting.pk).picks == []


def test_an_archived_campaigns_draft_is_read_only(drafting, elders, gm, api_as):
    campaign_archive(campaign=elders, by=gm)
    assert api_as(gm).get(url(drafting)).status_code == 200
    refused = api_as(gm).post(url(drafting), {"champion": "ossa"}, format="json")
    assert refused.status_code == 400 and "archived" in refused.content.decode()
    assert Bout.objects.get(pk=drafting.pk).picks == []
