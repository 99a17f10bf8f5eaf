"""Divisions by page and by API: the GM adds them, a season is opened in one, the proposal
shows each final table marked and the next entrants (htmx asks for it again with another
number), the GM confirms it; a player, a stale digest and bad input are refused, in words,
with nothing changed; every operation is in the OpenAPI schema."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.models import Division, Season
from arena.seasons.divisions import division_create, promotion_proposal
from arena.seasons.services import season_cancel
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db
SOON = timezone.now() + timedelta(days=1)


@pytest.fixture
def leagues(campaign, gm, stable, open_season):
    """Division I (one up and down) and II, each with a season of four cancelled before round
    one: the final tables stand in seed order."""
    one = division_create(campaign=campaign, by=gm, name="Division I", moves=1)
    two = division_create(campaign=campaign, by=gm, name="Division II")
    gladiators = stable(8)
    for n, division in enumerate((one, two)):
        season = open_season(gladiators[n * 4 : n * 4 + 4], title="Spring", division=division)
        season_cancel(season=season, by=gm)
    return one, two


def test_the_gm_adds_divisions_by_the_page(client_as, campaign, gm, owner):
    url = reverse("divisions", args=[campaign.slug])
    assert client_as(owner).post(url, {"name": "Division I"}).status_code == 403
    refused = client_as(gm).post(url, {"name": "Division I", "moves": "99"})
    assert refused.status_code == 400 and not Division.objects.exists()
    assert b"Ensure this value is less than or equal to 16" in refused.content
    assert client_as(gm).post(url, {"name": "Division I", "moves": "2"}).status_code == 302
    again = client_as(gm).post(url, {"name": "division i"})
    assert again.status_code == 400
    assert b"already has a division named division i" in again.content
    page = client_as(owner).get(url)
    assert page.status_code == 200 and b"Division I" in page.content
    assert b"Add a division" not in page.content  # the form is the GM's


def test_the_proposal_page_marks_the_tables_and_the_gm_confirms(
    client_as, campaign, gm, owner, leagues
):
    url = reverse("divisions-next", args=[campaign.slug])
    page = client_as(owner).get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count("▲ promoted") == 1 and text.count("▼ relegated") == 1
    assert "Yes, open the next seasons" not in text  # a player reads, the GM confirms
    # htmx asks for the proposal again with the campaign's number: Division I has its own.
    partial = client_as(owner).get(url + "?partial=proposal&moves=3", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and b"<h1>" not in partial.content
    assert partial.content.decode().count("▲ promoted") == 1

    digest = promotion_proposal(campaign=campaign).digest
    form = {
        "digest": digest,
        "moves": "2",
        "title": "Summer",
        "first_round_at": SOON.strftime("%Y-%m-%dT%H:%M"),
    }
    assert client_as(owner).post(url, form).status_code == 403
    stale = client_as(gm).post(url, {**form, "digest": "0" * 16})
    assert stale.status_code == 400 and b"The proposal has changed" in stale.content
    assert Season.objects.count() == 2
    done = client_as(gm).post(url, form)
    assert done.status_code == 302, done.content.decode()[:2000]
    summer = Season.objects.filter(title__startswith="Summer").order_by("division__rank")
    assert [s.title for s in summer] == ["Summer, Division I", "Summer, Division II"]
    assert [e.gladiator.name for e in summer[0].entries.all()] == [
        "Aulus", "Brutus", "Crixus", "Eros"
    ]  # fmt: skip
    spring = Season.objects.get(title="Spring", division__rank=1)
    marked = client_as(owner).get(reverse("season", args=[campaign.slug, spring.pk]))
    assert "▼ relegated" in marked.content.decode()  # Decimus, the last of Division I


def test_the_proposal_waits_while_a_season_runs(client_as, campaign, gm, stable, open_season):
    division = division_create(campaign=campaign, by=gm, name="Division I")
    open_season(stable(4), division=division)
    page = client_as(gm).get(reverse("divisions-next", args=[campaign.slug]))
    assert b"Spring league is still running" in page.content
    assert b"Yes, open the next seasons" not in page.content


def test_divisions_by_api(api_as, campaign, gm, owner, stable, leagues):
    url = reverse("api-divisions", args=[campaign.slug])
    listed = api_as(owner).get(url).json()
    assert [(d["name"], d["rank"], d["moves"]) for d in listed["results"]] == [
        ("Division I", 1, 1), ("Division II", 2, None)
    ]  # fmt: skip
    assert api_as(owner).post(url, {"name": "Division III"}, format="json").status_code == 403
    refused = api_as(gm).post(url, {"name": "Division II"}, format="json")
    assert refused.status_code == 400 and "already has a division" in str(refused.json())
    added = api_as(gm).post(url, {"name": "Division III", "moves": 0}, format="json")
    assert added.status_code == 201 and added.json()["rank"] == 3

    proposal = api_as(owner).get(reverse("api-divisions-next", args=[campaign.slug])).json()
    assert proposal["waiting"] == "" and len(proposal["divisions"]) == 3
    one, two, three = proposal["divisions"]
    assert [r["movement"] for r in one["table"]] == ["", "", "", "down"]
    assert [r["movement"] for r in two["table"]] == ["up", "", "", ""]
    assert three["table"] == [] and three["opens"] is False
    assert [(e["gladiator"], e["came"]) for e in two["entrants"]] == [
        ("Decimus", "down"), ("Flamma", ""), ("Gannicus", ""), ("Hilarus", "")
    ]  # fmt: skip
    bad = api_as(owner).get(reverse("api-divisions-next", args=[campaign.slug]) + "?moves=x")
    assert bad.status_code == 400 and "moves" in bad.json()

    confirm = reverse("api-divisions-next", args=[campaign.slug])
    body = {"digest": proposal["digest"], "title": "Summer", "first_round_at": SOON.isoformat()}
    assert api_as(owner).post(confirm, body, format="json").status_code == 403
    bad_time = api_as(gm).post(confirm, {**body, "first_round_at": "soon"}, format="json")
    assert bad_time.status_code == 400 and "first_round_at" in bad_time.json()
    assert Season.objects.count() == 2
    done = api_as(gm).post(confirm, body, format="json")
    assert done.status_code == 201, done.json()
    assert [s["title"] for s in done.json()["seasons"]] == [
        "Summer, Division I", "Summer, Division II"
    ]  # fmt: skip
    assert done.json()["seasons"][0]["division"] == leagues[0].pk
    again = api_as(gm).post(confirm, body, format="json")
    assert again.status_code == 400 and "still running" in str(again.json())


def test_a_season_opened_by_api_in_a_division(api_as, campaign, gm, owner, leagues):
    pair = [
        gladiator_create(campaign=campaign, by=owner, name=name, kind="elf")
        for name in ("Ixion", "Juba")
    ]
    url = reverse("api-seasons", args=[campaign.slug])
    body = {
        "title": "Extra",
        "format": "round_robin",
        "gladiators": [g.pk for g in pair],
        "first_round_at": SOON.isoformat(),
        "division": 999999,
    }
    refused = api_as(gm).post(url, body, format="json")
    assert refused.status_code == 400 and "No division with id 999999" in str(refused.json())
    assert not Season.objects.filter(title="Extra").exists()
    opened = api_as(gm).post(url, {**body, "division": leagues[1].pk}, format="json")
    assert opened.status_code == 201 and opened.json()["season"]["division"] == leagues[1].pk


def test_the_schema_names_the_division_operations(api_as, gm):
    schema = api_as(gm).get(reverse("api-schema"), {"format": "json"}).json()
    paths = schema["paths"]
    assert {"get", "post"} <= set(paths["/api/campaigns/{slug}/divisions/"])
    assert {"get", "post"} <= set(paths["/api/campaigns/{slug}/divisions/next/"])
    components = schema["components"]["schemas"]
    assert {"DivisionOut", "DivisionIn", "PromotionProposalOut", "PromotionConfirmIn"} <= set(
        components
    )


def test_the_gm_renames_and_removes_a_division_by_the_page(client_as, campaign, gm, owner, leagues):
    one, _ = leagues
    spare = division_create(campaign=campaign, by=gm, name="Division III")
    url = reverse("division", args=[campaign.slug, spare.pk])
    page = client_as(owner).get(url)
    assert page.status_code == 200 and b"No season yet" in page.content
    assert b"division-edit" not in page.content  # the form is the GM's
    assert client_as(owner).post(url, {"name": "Mine"}).status_code == 403
    refused = client_as(gm).post(url, {"name": "division i"})
    assert refused.status_code == 400
    assert b"already has a division named division i" in refused.content
    assert client_as(gm).post(url, {"name": "The Pits", "moves": "1"}).status_code == 302
    spare.refresh_from_db()
    assert (spare.name, spare.moves) == ("The Pits", 1)

    # Division I has played: its page lists its season and offers no removal; a removal
    # asked anyway is refused in words.
    played = client_as(gm).get(reverse("division", args=[campaign.slug, one.pk])).content.decode()
    assert "Spring" in played and 'id="division-delete"' not in played
    kept = client_as(gm).post(reverse("division-delete", args=[campaign.slug, one.pk]), follow=True)
    assert "Division I has seasons, which the campaign" in kept.content.decode()
    gone = reverse("division-delete", args=[campaign.slug, spare.pk])
    assert client_as(owner).post(gone).status_code == 403
    assert client_as(gm).post(gone).status_code == 302
    assert not Division.objects.filter(pk=spare.pk).exists()
    assert client_as(gm).get(url).status_code == 404


def test_a_division_by_the_api(api_as, campaign, gm, owner, outsider, leagues):
    one, two = leagues
    url = reverse("api-division", args=[campaign.slug, two.pk])
    assert api_as(owner).get(url).json()["name"] == "Division II"
    assert api_as(outsider).get(url).status_code == 404  # a private campaign
    assert api_as(owner).put(url, {"name": "Mine"}, format="json").status_code == 403
    bad = api_as(gm).put(url, {"name": "Division I"}, format="json")
    assert bad.status_code == 400 and "already has a division" in bad.json()["name"][0]
    done = api_as(gm).put(url, {"name": "The Lower League", "moves": 2}, format="json")
    assert done.status_code == 200
    assert (done.json()["name"], done.json()["moves"], done.json()["rank"]) == (
        "The Lower League",
        2,
        2,
    )
    refused = api_as(gm).delete(reverse("api-division", args=[campaign.slug, one.pk]))
    assert refused.status_code == 400 and "rename it" in str(refused.json())
    assert Division.objects.count() == 2
    missing = api_as(gm).delete(reverse("api-division", args=[campaign.slug, 999_999]))
    assert missing.status_code == 404
