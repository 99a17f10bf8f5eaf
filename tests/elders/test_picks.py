"""The pick phase of an Arena of the Elders bout by web ("teams pick champions in turn"): a page
where the team whose pick it is (its players, or the GM) picks a champion still free; the
bout's engine input takes the picks as the teams' house champions."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine_io import bout_engine_input
from arena.models import Bout
from arena.picks import bout_pick, pick_phase
from arena.play_by_web import bout_enter, bout_open, bout_start
from campaign.errors import LudusError, NotAllowed
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafting(gm, owner, rival, outsider):
    """Owner's Ignis for Red, rival's Vorn for Blue, in a bout that uses picks."""
    campaign = campaign_create(by=gm, name="Elders", ruleset="arena-of-the-elders")
    bout = bout_open(campaign=campaign, by=gm, title="Draft", options={"picks": True})
    for player, name, kind, team in ((owner, "Pyrrhus", "ignis", "Red"),
                                     (rival, "Ferox", "vorn", "Blue")):  # fmt: skip
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        gladiator = gladiator_create(campaign=campaign, by=player, name=name, kind=kind)
        bout_enter(bout=bout, gladiator=gladiator, by=player, team=team)
    return bout


def test_the_teams_pick_in_turn_on_the_page(drafting, owner, rival, client_as):
    bout = drafting
    url = reverse("bout-picks", args=[bout.campaign.slug, bout.pk])
    detail = client_as(owner).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    assert url in detail.content.decode()
    page = client_as(owner).get(url).content.decode()
    assert 'id="pick-form"' in page and 'value="mira"' in page and 'value="vorn"' not in page
    assert client_as(owner).post(url, {"champion": "mira"}).status_code == 302
    # Now Blue's turn: owner may not pick, rival may.
    assert 'id="pick-form"' not in client_as(owner).get(url).content.decode()
    assert client_as(owner).post(url, {"champion": "nyx"}).status_code == 403
    refused = client_as(rival).post(url, {"champion": "mira"})
    assert refused.status_code == 400 and "cannot be picked" in refused.content.decode()
    assert client_as(rival).post(url, {"champion": "nyx"}).status_code == 302
    assert Bout.objects.get(pk=bout.pk).picks == [["Red", "mira"], ["Blue", "nyx"]]
    phase = pick_phase(Bout.objects.get(pk=bout.pk))
    assert phase.teams[0][1] == ("Pyrrhus (Ignis)", "Mira (picked)") and phase.next == "Red"


def test_the_picks_become_the_house_champions_when_the_bout_starts(drafting, gm, owner, rival):
    bout = drafting
    bout_pick(bout=bout, by=owner, champion="ossa")
    bout_pick(bout=bout, by=rival, champion="kestrel")
    bout_pick(bout=bout, by=gm, champion="brann")  # the GM picks for a team away
    bout.refresh_from_db()
    raw = bout_engine_input(bout=bout)
    house = {g["champion"]: g["team"] for g in raw["gladiators"] if g.get("house")}
    assert house["ossa"] == "Red" and house["brann"] == "Red" and house["kestrel"] == "Blue"
    assert raw["options"]["picks"] is True  # as the bout's terms promised
    bout_start(bout=bout, by=gm)
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.RUNNING
    with pytest.raises(LudusError, match="the bout has started"):
        bout_pick(bout=bout, by=owner, champion="nyx")


def test_nobody_else_picks_and_a_bout_without_picks_has_no_pick_phase(
    drafting, outsider, gm, client_as
):
    with pytest.raises(NotAllowed):
        bout_pick(bout=drafting, by=outsider, champion="nyx")
    plain = bout_open(campaign=drafting.campaign, by=gm, title="Plain")
    assert pick_phase(plain) is None
    page = client_as(gm).get(reverse("bout-picks", args=[plain.campaign.slug, plain.pk]))
    assert "This bout has no pick phase" in page.content.decode()
    with pytest.raises(LudusError, match="no pick phase"):
        bout_pick(bout=plain, by=gm, champion="nyx")


def test_starting_before_the_picks_are_done_asks_and_says_what_becomes_of_them(
    drafting, gm, owner, client_as
):
    bout = drafting
    gm_client = client_as(gm)
    detail = gm_client.get(reverse("bout", args=[bout.campaign.slug, bout.pk])).content.decode()
    start = reverse("bout-start", args=[bout.campaign.slug, bout.pk])
    # The Start button leads to a question, not straight to a post.
    assert f'href="{start}"' in detail and 'id="picks-unfinished"' in detail
    asked = gm_client.get(start).content.decode()
    assert "have not finished picking" in asked and "It is Red&#x27;s pick." in asked
    assert "fills each team&#x27;s places left with champions nobody picked" in asked
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.OPEN  # asking changes nothing
    assert client_as(owner).get(start).status_code in (403, 404)  # the GM's question only
    assert gm_client.post(start).status_code == 302
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.RUNNING
    # Once started, the picks page never says a team "picks now".
    picks = gm_client.get(reverse("bout-picks", args=[bout.campaign.slug, bout.pk]))
    page = picks.content.decode()
    assert "The picks are over" in page and "picks now" not in page
    assert "The picks not made were never made" in page


def test_a_bout_whose_picks_are_done_starts_at_once(drafting, gm, owner, rival, client_as):
    bout = drafting
    while (phase := pick_phase(Bout.objects.get(pk=bout.pk))).next:
        bout_pick(bout=bout, by=gm, champion=phase.free[0][0])
    detail = client_as(gm).get(reverse("bout", args=[bout.campaign.slug, bout.pk]))
    text = detail.content.decode()
    assert 'id="picks-unfinished"' not in text and '<button type="submit" id="gm-start">' in text
